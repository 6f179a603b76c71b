/**
 * `POST /webhooks/sms`: texts from customers, posted by the SMS provider (issue 15). Signature-checked, rate-limited,
 * answered with empty TwiML; everything is in app/server/sms/webhook.server.ts. Any other method: 405.
 */
import { handleSmsWebhook } from '~/server/sms/webhook.server';
import type { Route } from './+types/sms-webhook';

export async function action({ request, context }: Route.ActionArgs) {
  return handleSmsWebhook(request, context.clientIp);
}

export function loader() {
  return new Response('Method Not Allowed', { status: 405, headers: { Allow: 'POST', 'Content-Type': 'text/plain; charset=utf-8' } });
}
