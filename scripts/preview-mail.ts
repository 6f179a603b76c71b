/**
 * `npm run mail:preview [-- name …]`: renders the e-mail templates (app/server/mail/templates/) with their sample facts
 * (each template's `PreviewProps`) into `.tmp/mail-preview/`: `{name}.html` to open in a browser, `{name}.txt` with
 * the plain-text alternative, and prints each subject and path. Without names it renders every template; an unknown
 * name exits with status 1 and the list of names. Needs no database and no configuration.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import type { RenderedMail } from '~/server/mail/render-mail.server';
import * as t from '~/server/mail/templates/index.server';

const PREVIEWS: Record<string, () => Promise<RenderedMail>> = {
  'verify-email': () => t.renderVerifyEmailMail(t.VerifyEmailMail.PreviewProps),
  'password-reset': () => t.renderPasswordResetMail(t.PasswordResetMail.PreviewProps),
  'existing-account': () => t.renderExistingAccountMail(t.ExistingAccountMail.PreviewProps),
  'estimate-ready': () => t.renderEstimateReadyMail(t.EstimateReadyMail.PreviewProps),
  'estimate-decision': () => t.renderEstimateDecisionMail(t.EstimateDecisionMail.PreviewProps),
  'contact-message': () => t.renderContactMessageMail(t.ContactMessageMail.PreviewProps),
  'status-update': () => t.renderStatusUpdateMail(t.StatusUpdateMail.PreviewProps),
  'review-request': () => t.renderReviewRequestMail(t.ReviewRequestMail.PreviewProps),
};

const names = process.argv.slice(2);
const unknown = names.filter((name) => !(name in PREVIEWS));
if (unknown.length) {
  console.error(`Unknown template: ${unknown.join(', ')}. Templates: ${Object.keys(PREVIEWS).join(', ')}`);
  process.exit(1);
}

const dir = path.resolve('.tmp', 'mail-preview');
await fs.mkdir(dir, { recursive: true });
for (const name of names.length ? names : Object.keys(PREVIEWS)) {
  const mail = await PREVIEWS[name]!();
  await fs.writeFile(path.join(dir, `${name}.html`), mail.html);
  await fs.writeFile(path.join(dir, `${name}.txt`), `Subject: ${mail.subject}\n\n${mail.text}\n`);
  console.log(
    `${name}: "${mail.subject}"\n  ${path.join(dir, `${name}.html`)}\n  ${path.join(dir, `${name}.txt`)}`,
  );
}
