/**
 * Where texts go (issue 15): the provider interface and its two drivers, chosen by `SMS_PROVIDER`.
 *
 * `SmsProvider.send({ to, body })` → `{ providerMessageId }`. `to` is E.164; `body` at most
 * {@link PROVIDER_MAX_CHARS} UTF-16 code units (callers split longer texts with `splitText`). Errors:
 * - {@link SmsRecipientUnsubscribedError}: the recipient opted out at the carrier or provider (Twilio error 21610);
 *   the caller withdraws consent and does not retry.
 * - {@link SmsRejectedError}: the provider refused this message for good (an HTTP 400 with an error code: not a
 *   mobile number, an invalid number, a body it will not take); retrying the same request cannot help.
 * - any other Error (network, timeout, 401/403 credentials, 429, 5xx): the job queue retries with backoff.
 *
 * Drivers:
 * - outbox (default): one JSON file per text in `DATA_DIR/sms` (`{ id, to, body, time }`), the way the mail outbox
 *   writes `.eml` files; nothing leaves the machine. Ids look like Twilio's (`SM` + 32 hex digits).
 * - twilio: `POST {apiBase}/2010-04-01/Accounts/{AccountSid}/Messages.json`, form-encoded `To`, `From` or
 *   `MessagingServiceSid`, `Body`, HTTP Basic auth (Account SID : Auth Token), 15 s timeout
 *   (https://www.twilio.com/docs/messaging/api/message-resource#create-a-message-resource). Plain fetch: the
 *   official package would load some 10 MB of generated API clients to make one request.
 */
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { PROVIDER_MAX_CHARS } from '~/lib/sms-segments';
import { getConfig, type AppConfig } from '../config.server';

export interface OutgoingText {
  /** E.164, e.g. "+12815550147". */
  to: string;
  body: string;
}

export interface SmsProvider {
  readonly name: 'outbox' | 'twilio' | string;
  send(text: OutgoingText): Promise<{ providerMessageId: string }>;
}

/** Twilio's error for a recipient who replied STOP to this sender (https://www.twilio.com/docs/api/errors/21610). */
export const TWILIO_UNSUBSCRIBED = 21610;
/** How long (ms) one send may take before it counts as failed (and is retried). */
export const SEND_TIMEOUT_MS = 15_000;

/** The recipient has opted out at the provider (Twilio 21610): withdraw consent, do not retry. */
export class SmsRecipientUnsubscribedError extends Error {
  override name = 'SmsRecipientUnsubscribedError';
}

/** The provider refused this message for good; `code` is its error code (e.g. 21614 "not a mobile number"). */
export class SmsRejectedError extends Error {
  override name = 'SmsRejectedError';
  constructor(
    readonly code: number | null,
    message: string,
  ) {
    super(message);
  }
}

/** A new id in Twilio's shape: "SM" and 32 hex digits. */
export const newMessageSid = () => `SM${crypto.randomBytes(16).toString('hex')}`;

/** Writes each text as `{time}-{id}.json` into `dir` (see module docs). */
export function createOutboxProvider(dir: string): SmsProvider {
  return {
    name: 'outbox',
    async send({ to, body }) {
      const id = newMessageSid();
      const time = new Date().toISOString();
      await fs.mkdir(dir, { recursive: true });
      await fs.writeFile(path.join(dir, `${time.replace(/[:.]/g, '-')}-${id}.json`), `${JSON.stringify({ id, to, body, time }, null, 2)}\n`);
      return { providerMessageId: id };
    },
  };
}

type TwilioSettings = NonNullable<AppConfig['sms']['twilio']>;

/** Twilio's REST API (see module docs). */
export function createTwilioProvider(settings: TwilioSettings): SmsProvider {
  const url = `${settings.apiBase}/2010-04-01/Accounts/${encodeURIComponent(settings.accountSid)}/Messages.json`;
  const auth = `Basic ${Buffer.from(`${settings.accountSid}:${settings.authToken}`).toString('base64')}`;
  return {
    name: 'twilio',
    async send({ to, body }) {
      if (body.length > PROVIDER_MAX_CHARS) throw new SmsRejectedError(null, `A text part is longer than ${PROVIDER_MAX_CHARS} characters.`);
      const form = new URLSearchParams({ To: to, Body: body });
      if ('number' in settings.from) form.set('From', settings.from.number);
      else form.set('MessagingServiceSid', settings.from.messagingServiceSid);
      let response: Response;
      try {
        response = await fetch(url, {
          method: 'POST',
          headers: { Authorization: auth, 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' },
          body: form,
          signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
        });
      } catch (error) {
        const e = error as Error;
        throw new Error(e.name === 'TimeoutError' ? `Twilio did not answer within ${SEND_TIMEOUT_MS / 1000} s.` : `Twilio could not be reached: ${e.message}`);
      }
      const text = await response.text();
      let json: { sid?: unknown; code?: unknown; message?: unknown } = {};
      try {
        json = JSON.parse(text) as typeof json;
      } catch {
        // Not JSON (a proxy's error page): handled by status below.
      }
      if (response.ok) {
        if (typeof json.sid !== 'string' || !json.sid) throw new Error(`Twilio answered ${response.status} without a message id.`);
        return { providerMessageId: json.sid };
      }
      const code = typeof json.code === 'number' ? json.code : null;
      const detail = `Twilio ${response.status}${code ? ` error ${code}` : ''}: ${typeof json.message === 'string' ? json.message.slice(0, 300) : response.statusText}`;
      if (code === TWILIO_UNSUBSCRIBED) throw new SmsRecipientUnsubscribedError(detail);
      if (response.status === 400) throw new SmsRejectedError(code, detail);
      throw new Error(detail);
    },
  };
}

let current: SmsProvider | undefined;

/** The configured provider (built from configuration on first use). */
export function getSmsProvider(): SmsProvider {
  if (!current) {
    const config = getConfig();
    current = config.sms.twilio ? createTwilioProvider(config.sms.twilio) : createOutboxProvider(path.join(config.dataDir, 'sms'));
  }
  return current;
}

/** Replaces the provider (tests); undefined goes back to the configured one. */
export function setSmsProvider(provider: SmsProvider | undefined): void {
  current = provider;
}
