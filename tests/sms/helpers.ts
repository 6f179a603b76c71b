/** Shared set-up of the texting tests: the Twilio stub as the configured provider, customers with a mobile number. */
import { afterAll, beforeAll } from 'vitest';
import { eq } from 'drizzle-orm';
import * as webhookRoute from '~/routes/resources/sms-webhook';
import { setConfig } from '~/server/config.server';
import { getDb } from '~/server/db/client.server';
import { customers, smsConsents, smsMessages } from '~/server/db/schema';
import { recordSmsConsent, smsDisclosureText } from '~/server/sms/consent.server';
import { setSmsProvider } from '~/server/sms/provider.server';
import { setSmsClock } from '~/server/sms/send-text.server';
import { uid } from '../setup/factories';
import type { TestDatabase } from '../setup/test-db';
import { serveWebhook, startTwilioStub, type TwilioStub } from '../setup/twilio-stub';

/** Noon in Spring, Texas (17:00Z in summer): outside quiet hours, so texts go at once whenever the tests run. */
export const SHOP_NOON = new Date('2030-07-15T17:00:00Z');

export interface SmsTestContext {
  stub: TwilioStub;
  /** Where the stub posts inbound texts (the route action served on 127.0.0.1). */
  webhookUrl: string;
  /** The app's public URL of the webhook (what Twilio signs). */
  publicUrl: string;
}

/**
 * Starts the stub and the webhook server, points the configuration at them (SMS_PROVIDER=twilio) and fixes the
 * texting clock at {@link SHOP_NOON}. Call at the top of a test file, after `withTestDatabase()`.
 */
export function withTwilioStub(t: TestDatabase): SmsTestContext {
  const ctx = {} as SmsTestContext;
  let closeWebhook: () => Promise<void> = async () => {};
  beforeAll(async () => {
    ctx.stub = await startTwilioStub();
    const served = await serveWebhook(webhookRoute.action as never);
    closeWebhook = served.close;
    ctx.webhookUrl = `${served.origin}/webhooks/sms`;
    ctx.publicUrl = `${t.config.appUrl}/webhooks/sms`;
    setConfig({
      ...t.config,
      sms: {
        provider: 'twilio',
        twilio: { accountSid: ctx.stub.accountSid, authToken: ctx.stub.authToken, from: { number: ctx.stub.fromNumber }, apiBase: ctx.stub.baseUrl },
      },
    });
    setSmsProvider(undefined);
    setSmsClock(() => SHOP_NOON);
  });
  afterAll(async () => {
    setSmsClock(undefined);
    setSmsProvider(undefined);
    await closeWebhook();
    await ctx.stub?.close();
  });
  return ctx;
}

let counter = 0;
/** A fresh US mobile number per call (+1 281 552-xxxx), unique within a test file (each file has its own database). */
export function newMobile(): string {
  counter += 1;
  return `+1281552${String(counter).padStart(4, '0')}`;
}

/** A walk-in customer with `mobile` on file and, with `consent`, a staff-recorded OK to texts. */
export async function createTextCustomer(options: { mobile?: string; consent?: boolean; name?: string } = {}) {
  const mobile = options.mobile ?? newMobile();
  const [customer] = await getDb()
    .insert(customers)
    .values({ name: options.name ?? `Texter ${uid()}`, email: `t-${uid()}@example.com`, mobileE164: mobile, notifyChannel: 'both' })
    .returning();
  if (options.consent ?? true) {
    await recordSmsConsent(getDb(), {
      customerId: customer!.id,
      phone: mobile,
      granted: true,
      source: 'staff_intake',
      disclosureText: smsDisclosureText(),
      actor: 'system',
    });
  }
  return { ...customer!, mobile };
}

export const textsTo = (phone: string) => getDb().select().from(smsMessages).where(eq(smsMessages.phoneE164, phone)).orderBy(smsMessages.createdAt);
export const consentsOf = (customerId: string) =>
  getDb().select().from(smsConsents).where(eq(smsConsents.customerId, customerId)).orderBy(smsConsents.createdAt);
