/**
 * The inbound-text webhook, `POST /webhooks/sms` (issue 15), as Twilio posts it: a form-encoded body (`MessageSid`,
 * `From`, `To`, `Body`, `NumMedia`, and `OptOutType` with Advanced Opt-Out) signed in the `X-Twilio-Signature` header
 * (HMAC-SHA1 of the URL and the sorted parameters with the account's Auth Token;
 * https://www.twilio.com/docs/usage/webhooks/webhooks-security).
 *
 * `handleSmsWebhook(request, clientIp)` → a Response, never a 500:
 * 1. 405 for anything but POST;
 * 2. 429 (Retry-After) past {@link WEBHOOK_LIMIT} requests a minute from one address (a flood, forged or not, costs
 *    one small write each; the count lives in `rate_limits`, so it holds across processes);
 * 3. 403 and nothing recorded when the signature is missing or wrong, checked against the public URL (APP_URL + path
 *    and query, what Twilio signed). With the outbox driver there is no Auth Token to check with, so every post is
 *    refused: inbound texts need SMS_PROVIDER=twilio;
 * 4. 400 for a signed post without `MessageSid` or `From` (nothing recorded);
 * 5. otherwise `receiveText` (receive-text.server.ts) and an empty TwiML answer (`<Response/>`, text/xml): replies
 *    are sent through the REST API as jobs, so they are recorded, counted and retried like every other text.
 * A database failure is answered 503 (the provider logs it), never a 500 page.
 *
 * Sizes: the app's form limit (64 KB, server/middleware/body-limits.ts) bounds the post; a body is stored whole up to
 * {@link INBOUND_MAX_CHARS} characters (Twilio sends at most 1,600), control characters other than tab and line
 * breaks removed after the signature check (PostgreSQL cannot store NUL).
 */
import type * as TwilioWebhooks from 'twilio/lib/webhooks/webhooks.js';
import { z } from 'zod';
import { getConfig } from '../config.server';
import { hashClientIp } from '../contact/send-contact-message.server';
import { cleanFormText } from '../forms/read-form.server';
import { log } from '../logger.server';
import { hitRateLimit } from '../rate-limit.server';
import { receiveText } from './receive-text.server';

/** Requests one address may post in {@link WEBHOOK_WINDOW_MS}. */
export const WEBHOOK_LIMIT = 60;
export const WEBHOOK_WINDOW_MS = 60_000;
/** The longest inbound body stored whole (characters); anything longer is cut there with a note. */
export const INBOUND_MAX_CHARS = 20_000;

export const EMPTY_TWIML = '<?xml version="1.0" encoding="UTF-8"?><Response/>';

const InboundSchema = z.object({
  MessageSid: z.string().regex(/^[A-Z]{2}[0-9a-fA-F]{32}$/),
  From: z.string().trim().min(1).max(40),
  Body: z.string().default(''),
  NumMedia: z.coerce.number().int().min(0).max(50).catch(0).default(0),
  OptOutType: z.string().max(20).optional(),
});

const plain = (status: number, text: string, headers: Record<string, string> = {}) =>
  new Response(text, { status, headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store', ...headers } });

/** Twilio's signature check, loaded on first use (a small module of the `twilio` package; the rest is never loaded). */
async function loadValidateRequest(): Promise<typeof TwilioWebhooks.validateRequest> {
  const mod = (await import('twilio/lib/webhooks/webhooks.js')) as typeof TwilioWebhooks & { default?: typeof TwilioWebhooks };
  return mod.validateRequest ?? mod.default!.validateRequest;
}

/** True when `signature` is Twilio's for this URL and these parameters. */
async function signatureIsValid(request: Request, signature: string | null, params: Record<string, string>): Promise<boolean> {
  const twilio = getConfig().sms.twilio;
  if (!twilio || !signature) return false;
  const url = new URL(request.url);
  const publicUrl = `${getConfig().appUrl}${url.pathname}${url.search}`;
  const validateRequest = await loadValidateRequest();
  return validateRequest(twilio.authToken, signature, publicUrl, params);
}

/** See the module docs. */
export async function handleSmsWebhook(request: Request, clientIp: string | undefined): Promise<Response> {
  if (request.method !== 'POST') return plain(405, 'Method Not Allowed', { Allow: 'POST' });
  try {
    const limit = await hitRateLimit(`sms-webhook:${hashClientIp(clientIp ?? 'unknown')}`, { limit: WEBHOOK_LIMIT, windowMs: WEBHOOK_WINDOW_MS });
    if (!limit.allowed) return plain(429, 'Too many requests.', { 'Retry-After': String(limit.retryAfterSeconds) });

    const raw = await request.text();
    const params: Record<string, string> = {};
    for (const [key, value] of new URLSearchParams(raw)) params[key] = value;
    if (!(await signatureIsValid(request, request.headers.get('x-twilio-signature'), params))) {
      log().warn({ path: '/webhooks/sms', signed: request.headers.has('x-twilio-signature') }, 'sms webhook: signature missing or wrong; refused');
      return plain(403, 'Forbidden: the request signature is missing or does not match.');
    }
    const parsed = InboundSchema.safeParse(params);
    if (!parsed.success) return plain(400, 'Bad request: MessageSid and From are required.');
    const { MessageSid, From, Body, NumMedia, OptOutType } = parsed.data;
    let body = cleanFormText(Body);
    if (body.length > INBOUND_MAX_CHARS) body = `${body.slice(0, INBOUND_MAX_CHARS)}… [cut: the text was ${Body.length} characters]`;
    if (!body && NumMedia > 0) body = `(${NumMedia === 1 ? 'A picture or other attachment' : `${NumMedia} attachments`} sent: open it in the Twilio console.)`;
    const received = await receiveText({ messageSid: MessageSid, from: cleanFormText(From), body, optOutType: OptOutType });
    log().info({ outcome: received.outcome, known: received.customerId !== null }, 'sms webhook: text received');
    return new Response(EMPTY_TWIML, { status: 200, headers: { 'Content-Type': 'text/xml; charset=utf-8', 'Cache-Control': 'no-store' } });
  } catch (error) {
    log().error({ err: (error as Error).message }, 'sms webhook failed');
    return plain(503, 'The shop could not take this message right now. Please try again.', { 'Retry-After': '60' });
  }
}
