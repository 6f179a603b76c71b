/**
 * `loadMailTemplates()` → the e-mail templates module (./templates/index.server.ts), imported on first use like the
 * other heavy packages (load-on-use.server.ts): `@react-email/components` brings Tailwind and a syntax highlighter
 * with it (~36 MB and ~0.3 s), and most processes send a mail long after they start, if at all. Node keeps the module
 * once imported, so later calls cost a resolved promise.
 *
 *   const { renderStatusUpdateMail } = await loadMailTemplates();
 *   await enqueueMail(tx, { kind: 'status_update', to, workOrderId, ...(await renderStatusUpdateMail(facts)) });
 */
import type * as MailTemplates from './templates/index.server';

export function loadMailTemplates(): Promise<typeof MailTemplates> {
  return import('./templates/index.server');
}
