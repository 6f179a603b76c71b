/**
 * The status e-mail (issue 15 queues it through the 'status_notification' job): subject, plain text and HTML, and
 * where its link sends the customer.
 */
import type { WorkOrderStatus } from '~/lib/work-order-status';
import { dateTimeFormat } from '~/lib/intl';
import { escapeHtml } from '../mail/escape-html.server';

/** "2026-03-05" → "Thursday, March 5, 2026" (a calendar date: no time zone involved). */
export function formatCalendarDate(date: string): string {
  const [y, m, d] = date.split('-').map(Number);
  return dateTimeFormat({ timeZone: 'UTC', weekday: 'long', year: 'numeric', month: 'long', day: 'numeric' }).format(
    new Date(Date.UTC(y!, m! - 1, d!)),
  );
}

export interface StatusMailFacts {
  customerName: string;
  workOrderNumber: string;
  vehicle: string;
  status: WorkOrderStatus;
  estimatedCompletionDate: string | null;
  /** The portal's repair updates, or for a customer without an account the register page for their address. */
  portalUrl: string;
  /** False for a walk-in customer (no account yet): the mail then says how to create one with this address. */
  hasAccount: boolean;
  shopName: string;
  shopPhone: string;
}

/**
 * Where a status e-mail sends the customer (issue 13): a customer with an account to the portal's repair updates; a
 * walk-in (no account yet) to `/register?email=…`, which says how to create the account with the address the shop
 * has on file (not to a bare login page they cannot use).
 */
export function statusMailLink(appUrl: string, email: string, hasAccount: boolean): string {
  if (hasAccount) return `${appUrl}/portal/repair-updates`;
  return `${appUrl}/register?${new URLSearchParams({ email })}`;
}

/** The notification's subject, plain text and HTML. */
export function buildStatusMail(f: StatusMailFacts): { subject: string; text: string; html: string } {
  const eta = f.estimatedCompletionDate ? formatCalendarDate(f.estimatedCompletionDate) : null;
  const subject = `Repair update for your ${f.vehicle}: ${f.status} (WO #${f.workOrderNumber})`;
  const text = [
    `Hello ${f.customerName},`,
    '',
    `The status of your ${f.vehicle} (work order #${f.workOrderNumber}) is now: ${f.status}.`,
    eta ? `Estimated completion date: ${eta}.` : null,
    '',
    f.hasAccount
      ? `See the details and photos in your customer portal: ${f.portalUrl}`
      : `Follow your repair online: create your customer portal account with this e-mail address at ${f.portalUrl}`,
    '',
    `Questions? Call us at ${f.shopPhone}.`,
    f.shopName,
  ]
    .filter((line) => line !== null)
    .join('\n');
  const html = `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#0b1a33">
<p>Hello ${escapeHtml(f.customerName)},</p>
<p>The status of your <strong>${escapeHtml(f.vehicle)}</strong> (work order #${escapeHtml(f.workOrderNumber)}) is now:
<strong>${escapeHtml(f.status)}</strong>.</p>
${eta ? `<p>Estimated completion date: <strong>${escapeHtml(eta)}</strong>.</p>` : ''}
<p>${
    f.hasAccount
      ? `<a href="${escapeHtml(f.portalUrl)}">See the details and photos in your customer portal</a>`
      : `Follow your repair online: <a href="${escapeHtml(f.portalUrl)}">create your customer portal account</a> with this e-mail address.`
  }</p>
<p>Questions? Call us at ${escapeHtml(f.shopPhone)}.<br>${escapeHtml(f.shopName)}</p>
</body></html>`;
  return { subject, text, html };
}

