/**
 * A customer's mobile number, consent to texts and notify channel (issue 15), as the staff's customer forms and the
 * portal's Settings edit them. The form is the truth after a save: the customer's consent for their (new) number is
 * what the box says — a grant is recorded when it was not current, a withdrawal when it was and the box is now clear.
 *
 * - `resolveTextSettings(input)` → `{ mobileE164, smsConsent, notifyChannel }`; the number normalised to E.164, or
 *   DomainError('validation', message, 'mobile') with the phone module's message (a landline, not a number).
 * - `saveTextSettings(tx, { customerId, settings, source, actor, recordedByUserId })` → the customer's fields before
 *   and after (`mobileE164`, `notifyChannel`) for the caller's audit row; writes the two columns and records the
 *   consent change (`recordSmsConsent`, audited 'sms_consent.record') in the caller's transaction.
 * - `getTextSettings(customerId)` → what the forms show: the number as typed back ("(281) 555-0147"), whether the box
 *   is ticked (current consent), the channel, the disclosure, and when and where consent was last recorded.
 * - `updateMyTextSettings(customer, input)`: the portal's save, for the signed-in customer's own record only (the id
 *   comes from the session); one transaction, audited 'customer.update' when a field changed.
 */
import { eq } from 'drizzle-orm';
import type { NotifyChannel } from '~/lib/notify-channels';
import type { TextSettingsInput } from '~/lib/schemas/sms';
import { recordAudit, type AuditActor, type StaffActor } from '../audit/audit.server';
import { getDb, type Executor } from '../db/client.server';
import { customers, type SmsConsentSource } from '../db/schema';
import { DomainError } from '../errors.server';
import { getSmsConsent, recordSmsConsent, smsDisclosureText } from '../sms/consent.server';
import { formatMobile, normalizeMobile } from '../sms/phone.server';

export interface ResolvedTextSettings {
  mobileE164: string | null;
  smsConsent: boolean;
  notifyChannel: NotifyChannel;
}

/** See the module docs. */
export function resolveTextSettings(input: TextSettingsInput): ResolvedTextSettings {
  if (!input.mobile) return { mobileE164: null, smsConsent: false, notifyChannel: input.notifyChannel };
  const mobile = normalizeMobile(input.mobile);
  if (!mobile.ok) throw new DomainError('validation', mobile.message, 'mobile');
  return { mobileE164: mobile.e164, smsConsent: input.smsConsent, notifyChannel: input.notifyChannel };
}

export interface SaveTextSettings {
  customerId: string;
  settings: ResolvedTextSettings;
  source: Extract<SmsConsentSource, 'staff_intake' | 'portal'>;
  actor: AuditActor;
  /** The staff member who heard the customer's OK (staff forms). */
  recordedByUserId?: string | null | undefined;
}

type TextFields = { mobileE164: string | null; notifyChannel: NotifyChannel };

/** See the module docs. The caller has locked (or just created) the customer row. */
export async function saveTextSettings(tx: Executor, save: SaveTextSettings): Promise<{ before: TextFields; after: TextFields }> {
  const [row] = await tx
    .select({ mobileE164: customers.mobileE164, notifyChannel: customers.notifyChannel })
    .from(customers)
    .where(eq(customers.id, save.customerId));
  if (!row) throw new DomainError('not_found', 'Customer not found.');
  const after: TextFields = { mobileE164: save.settings.mobileE164, notifyChannel: save.settings.notifyChannel };
  if (row.mobileE164 !== after.mobileE164 || row.notifyChannel !== after.notifyChannel) {
    await tx.update(customers).set(after).where(eq(customers.id, save.customerId));
  }
  if (after.mobileE164) {
    const current = await getSmsConsent(tx, save.customerId);
    if (current.granted !== save.settings.smsConsent) {
      await recordSmsConsent(tx, {
        customerId: save.customerId,
        phone: after.mobileE164,
        granted: save.settings.smsConsent,
        source: save.source,
        disclosureText: smsDisclosureText(),
        recordedByUserId: save.recordedByUserId,
        actor: save.actor,
      });
    }
  }
  return { before: row, after };
}

export interface TextSettingsView {
  /** The number formatted for the form ('' when none). */
  mobile: string;
  smsConsent: boolean;
  notifyChannel: NotifyChannel;
  disclosure: string;
  /** The newest consent record for the current number: when and where, or null. */
  consentSince: Date | null;
  consentSource: SmsConsentSource | null;
}

/** See the module docs. DomainError('not_found') for an unknown customer. */
export async function getTextSettings(customerId: string, db: Executor = getDb()): Promise<TextSettingsView> {
  const [row] = await db.select({ notifyChannel: customers.notifyChannel }).from(customers).where(eq(customers.id, customerId));
  if (!row) throw new DomainError('not_found', 'Customer not found.');
  const consent = await getSmsConsent(db, customerId);
  return {
    mobile: consent.mobileE164 ? formatMobile(consent.mobileE164) : '',
    smsConsent: consent.granted,
    notifyChannel: row.notifyChannel,
    disclosure: smsDisclosureText(),
    consentSince: consent.since,
    consentSource: consent.source,
  };
}

export const TEXT_SETTINGS_SAVED = 'Your message settings are saved.';

/** See the module docs. */
export async function updateMyTextSettings(customer: StaffActor & { customerId: string }, input: TextSettingsInput): Promise<void> {
  const settings = resolveTextSettings(input);
  await getDb().transaction(async (tx) => {
    await tx.select({ id: customers.id }).from(customers).where(eq(customers.id, customer.customerId)).for('update');
    const { before, after } = await saveTextSettings(tx, {
      customerId: customer.customerId,
      settings,
      source: 'portal',
      actor: { id: customer.id, email: customer.email },
    });
    if (before.mobileE164 !== after.mobileE164 || before.notifyChannel !== after.notifyChannel) {
      await recordAudit(tx, { id: customer.id, email: customer.email }, { action: 'customer.update', entityId: customer.customerId, before, after });
    }
  });
}
