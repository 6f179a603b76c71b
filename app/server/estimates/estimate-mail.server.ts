/**
 * E-mails of the estimate flow (issue 14), as subject, plain text and HTML for the mail queue:
 * - `buildEstimateReadyMail(facts)`: to the customer when a version is sent for approval (link to
 *   `/portal/estimates/{versionId}`, or for a customer without an account the register page for their address).
 * - `buildEstimateDecisionMail(facts)`: to the shop when the customer approves or declines.
 * Money is formatted by ~/lib/money; every value is HTML-escaped.
 */
import { formatCents } from '~/lib/money';
import { escapeHtml } from '../mail/escape-html.server';


export interface EstimateReadyFacts {
  customerName: string;
  title: string;
  workOrderNumber: string;
  vehicle: string;
  totalCents: number;
  customerPaysCents: number;
  insured: boolean;
  url: string;
  hasAccount: boolean;
  shopName: string;
  shopPhone: string;
}

export function buildEstimateReadyMail(f: EstimateReadyFacts): { subject: string; text: string; html: string } {
  const subject = `${f.title} for your ${f.vehicle} is ready for your approval (WO #${f.workOrderNumber})`;
  const amount = f.insured
    ? `Total ${formatCents(f.totalCents)}; your part ${formatCents(f.customerPaysCents)} (the rest is billed to your insurer).`
    : `Total ${formatCents(f.totalCents)}.`;
  const action = f.hasAccount
    ? `Review it and approve or decline it online: ${f.url}`
    : `Review it online: create your customer portal account with this e-mail address at ${f.url}, then open Repair Updates.`;
  const text = [`Hello ${f.customerName},`, '', `The ${f.title.toLowerCase()} for your ${f.vehicle} (work order #${f.workOrderNumber}) is ready.`, amount, '', action, '', `Questions? Call us at ${f.shopPhone}.`, f.shopName].join('\n');
  const html = `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#0b1a33">
<p>Hello ${escapeHtml(f.customerName)},</p>
<p>The ${escapeHtml(f.title.toLowerCase())} for your <strong>${escapeHtml(f.vehicle)}</strong> (work order #${escapeHtml(f.workOrderNumber)}) is ready.</p>
<p>${escapeHtml(amount)}</p>
<p>${
    f.hasAccount
      ? `<a href="${escapeHtml(f.url)}">Review it and approve or decline it online</a>`
      : `Review it online: <a href="${escapeHtml(f.url)}">create your customer portal account</a> with this e-mail address, then open Repair Updates.`
  }</p>
<p>Questions? Call us at ${escapeHtml(f.shopPhone)}.<br>${escapeHtml(f.shopName)}</p>
</body></html>`;
  return { subject, text, html };
}

export interface EstimateDecisionFacts {
  decision: 'approved' | 'declined';
  title: string;
  versionNumber: number;
  workOrderNumber: string;
  customerName: string;
  signerName: string;
  declineReason: string | null;
  totalCents: number;
  url: string;
}

export function buildEstimateDecisionMail(f: EstimateDecisionFacts): { subject: string; text: string; html: string } {
  const verb = f.decision === 'approved' ? 'approved' : 'declined';
  const subject = `${f.title} (version ${f.versionNumber}) ${verb} by ${f.customerName} (WO #${f.workOrderNumber})`;
  const lines = [
    `${f.signerName} ${verb} the ${f.title.toLowerCase()} of work order #${f.workOrderNumber} (version ${f.versionNumber}, total ${formatCents(f.totalCents)}).`,
    f.declineReason ? `Reason given: ${f.declineReason}` : null,
    '',
    `Open the estimate: ${f.url}`,
  ].filter((l) => l !== null);
  const html = `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#0b1a33">
<p>${escapeHtml(lines[0]!)}</p>
${f.declineReason ? `<p>Reason given: ${escapeHtml(f.declineReason)}</p>` : ''}
<p><a href="${escapeHtml(f.url)}">Open the estimate</a></p>
</body></html>`;
  return { subject, text: lines.join('\n'), html };
}
