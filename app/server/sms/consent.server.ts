/**
 * Consent to texts (issue 15): who agreed, to which number, when, where, and what they were shown. No consent, no text.
 *
 * The rules and their sources:
 * - Texts sent with an automated system to a mobile number need the called party's prior express consent (TCPA,
 *   47 U.S.C. 227(b)(1)(A)(iii); 47 CFR 64.1200(a)(1)(iii)). Repair-status texts are informational, so express consent
 *   suffices (written consent, 64.1200(a)(2), is for marketing). Giving the number for this purpose and agreeing to
 *   the disclosure is that consent; it is recorded per number (a new number needs a new OK).
 * - The disclosure names the program (the shop), the kind and frequency of messages, "Msg & data rates may apply", and
 *   how to get help and to stop (CTIA Messaging Principles and Best Practices, 2023: consent and the opt-in
 *   call-to-action). "Consent is not a condition of service" follows the written-consent definition
 *   (47 CFR 64.1200(f)(9)), kept here as good practice. The text shown is stored with every record ({@link smsDisclosureText}).
 * - The record says how and when consent was given (the caller bears the burden of showing prior express consent:
 *   FCC 07-232, the 2008 ACA International Declaratory Ruling): `source` (staff at intake with the customer's spoken OK, the portal's
 *   Settings, the booking form, a keyword), the time, and the staff member who recorded a spoken OK.
 * - Consent may be revoked by any reasonable means, and a reply of STOP, QUIT, END, REVOKE, OPT OUT, CANCEL or
 *   UNSUBSCRIBE revokes it (47 CFR 64.1200(a)(10), FCC 24-24, 2024); the shop honours it at once (the rule allows ten
 *   business days, (a)(11)). Unticking the box in the portal or asking staff is another reasonable means.
 * - Rows are never changed or deleted (a trigger, migration 0011): a withdrawal is a new row.
 *
 * API:
 * - `smsDisclosureText(shopName?)` → the disclosure shown next to every consent box.
 * - `recordSmsConsent(tx, input)` → the new row's id; appends one grant or withdrawal and audits it
 *   ('sms_consent.record'). Exported for the booking form (source 'booking').
 * - `getSmsConsent(db, customerId)` → `{ mobileE164, granted, since, source }` for the customer's current mobile.
 * - `hasSmsConsent(db, customerId, phone)` → whether the newest row for that customer and number is a grant and the
 *   number is the customer's current mobile.
 * - `withdrawConsentForPhone(tx, phone, …)` / `regrantConsentForPhone(tx, phone, …)`: STOP and START from a phone,
 *   for every customer record holding or having held that number.
 */
import { and, desc, eq, inArray, or, sql } from 'drizzle-orm';
import { recordAudit, type AuditActor } from '../audit/audit.server';
import { getConfig } from '../config.server';
import type { Executor } from '../db/client.server';
import { customers, smsConsents, type SmsConsentSource } from '../db/schema';

/** The disclosure shown with every consent box, and stored with every grant (see module docs). */
export function smsDisclosureText(shopName: string = getConfig().shop.name): string {
  return (
    `By checking this box you agree to receive repair status texts from ${shopName} at this number. ` +
    'Message frequency varies. Msg & data rates may apply. Reply STOP to opt out, HELP for help. ' +
    'Consent is not a condition of service.'
  );
}

export interface RecordSmsConsentInput {
  customerId: string;
  /** E.164 (normalise first with `normalizeMobile`). */
  phone: string;
  granted: boolean;
  source: SmsConsentSource;
  /** What the customer was shown or told (a grant), or what they sent / were answered (a withdrawal). */
  disclosureText: string;
  /** The staff member who heard a spoken OK (source 'staff_intake'). */
  recordedByUserId?: string | null | undefined;
  /** Who the audit row names: the staff member, the customer, or a label such as `{ label: 'sms keyword' }`. */
  actor: AuditActor;
}

/** See the module docs. Throws what the INSERT throws (an unknown customer: foreign key violation). */
export async function recordSmsConsent(tx: Executor, input: RecordSmsConsentInput): Promise<string> {
  const [row] = await tx
    .insert(smsConsents)
    .values({
      customerId: input.customerId,
      phoneE164: input.phone,
      granted: input.granted,
      source: input.source,
      disclosureText: input.disclosureText,
      recordedByUserId: input.recordedByUserId ?? null,
    })
    .returning({ id: smsConsents.id });
  await recordAudit(tx, input.actor, {
    action: 'sms_consent.record',
    entityId: row!.id,
    after: { customerId: input.customerId, phone: input.phone, granted: input.granted, source: input.source },
  });
  return row!.id;
}

/** The newest consent row of a customer for one number, or undefined. */
async function newestRow(db: Executor, customerId: string, phone: string) {
  const [row] = await db
    .select({ granted: smsConsents.granted, createdAt: smsConsents.createdAt, source: smsConsents.source })
    .from(smsConsents)
    .where(and(eq(smsConsents.customerId, customerId), eq(smsConsents.phoneE164, phone)))
    .orderBy(desc(smsConsents.createdAt), desc(smsConsents.id))
    .limit(1);
  return row;
}

export interface SmsConsentState {
  mobileE164: string | null;
  granted: boolean;
  /** When the newest record for this number was made (null: never asked). */
  since: Date | null;
  source: SmsConsentSource | null;
}

/** See the module docs. Unknown customer: no mobile, not granted. */
export async function getSmsConsent(db: Executor, customerId: string): Promise<SmsConsentState> {
  const [customer] = await db.select({ mobileE164: customers.mobileE164 }).from(customers).where(eq(customers.id, customerId));
  const mobile = customer?.mobileE164 ?? null;
  if (!mobile) return { mobileE164: null, granted: false, since: null, source: null };
  const row = await newestRow(db, customerId, mobile);
  return { mobileE164: mobile, granted: row?.granted ?? false, since: row?.createdAt ?? null, source: row?.source ?? null };
}

/** See the module docs. */
export async function hasSmsConsent(db: Executor, customerId: string, phone: string): Promise<boolean> {
  const state = await getSmsConsent(db, customerId);
  return state.mobileE164 === phone && state.granted;
}

/** Customers that hold `phone` as their mobile or have a consent record for it. */
async function customersOfPhone(db: Executor, phone: string): Promise<string[]> {
  const rows = await db
    .select({ id: customers.id })
    .from(customers)
    .where(
      or(
        eq(customers.mobileE164, phone),
        inArray(customers.id, db.selectDistinct({ id: smsConsents.customerId }).from(smsConsents).where(eq(smsConsents.phoneE164, phone))),
      ),
    )
    .orderBy(sql`${customers.id}`);
  return rows.map((r) => r.id);
}

interface PhoneConsentChange {
  source: SmsConsentSource;
  disclosureText: string;
  actor: AuditActor;
}

/**
 * A withdrawal for `phone` on every customer record holding it or having a record for it, unless that record's
 * newest row for the number already is one (so a later change of number back to it cannot revive an old grant).
 * Returns the customer ids withdrawn.
 */
export async function withdrawConsentForPhone(tx: Executor, phone: string, change: PhoneConsentChange): Promise<string[]> {
  const changed: string[] = [];
  for (const customerId of await customersOfPhone(tx, phone)) {
    const row = await newestRow(tx, customerId, phone);
    if (row && !row.granted) continue;
    await recordSmsConsent(tx, { customerId, phone, granted: false, ...change });
    changed.push(customerId);
  }
  return changed;
}

/**
 * START / UNSTOP: a grant for `phone` on every customer record whose newest row for it is a withdrawal (they had a
 * record for this number and texted to opt back in). Records without any row for the number are left alone: the
 * keyword alone does not show which program's disclosure they agreed to. Returns the customer ids granted.
 */
export async function regrantConsentForPhone(tx: Executor, phone: string, change: PhoneConsentChange): Promise<string[]> {
  const changed: string[] = [];
  for (const customerId of await customersOfPhone(tx, phone)) {
    const row = await newestRow(tx, customerId, phone);
    if (!row || row.granted) continue;
    await recordSmsConsent(tx, { customerId, phone, granted: true, ...change });
    changed.push(customerId);
  }
  return changed;
}
