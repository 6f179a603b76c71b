/**
 * A stand-in for Twilio on 127.0.0.1 (issue 15 tests): it speaks the parts of Twilio's API the app uses and posts
 * inbound texts to the app's webhook the way Twilio does.
 *
 * - `POST /2010-04-01/Accounts/{AccountSid}/Messages.json` (form: To, From | MessagingServiceSid, Body; HTTP Basic
 *   auth): 201 with the message resource as JSON (`sid` SM…, `status` queued, `num_segments`), or Twilio's error
 *   shape `{ code, message, more_info, status }`: 401/20003 for bad credentials, 400/21604 without To, 400/21602
 *   without Body, 400/21617 for a Body over 1,600 characters, 400/21610 for a number in `unsubscribed` (it replied
 *   STOP), and whatever `failNext` queues (a 500, a 400 with a code).
 * - `postInbound(webhookUrl, { from, body, … })`: the parameters of Twilio's incoming-message webhook, signed with
 *   the account's Auth Token for `signedUrl` (the app's public URL; default the URL posted to) using the `twilio`
 *   package's `getExpectedTwilioSignature`, posted form-encoded with `X-Twilio-Signature`.
 *
 * `serveWebhook(action)` exposes a route action on 127.0.0.1 (a Fetch Request built from the socket, the client
 * address from `X-Test-Client-Ip` when given, else the socket's), so the stub's posts travel over HTTP.
 */
import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { getExpectedTwilioSignature } from 'twilio/lib/webhooks/webhooks.js';

export interface StubMessage {
  sid: string;
  to: string;
  from: string | null;
  messagingServiceSid: string | null;
  body: string;
  at: Date;
}

type Failure = { status: number; code?: number; message?: string };

export interface TwilioStub {
  baseUrl: string;
  accountSid: string;
  authToken: string;
  fromNumber: string;
  /** Every message accepted, in order. */
  sent: StubMessage[];
  /** Numbers that replied STOP at the carrier: sending to them gets error 21610. */
  unsubscribed: Set<string>;
  /** Requests refused for bad credentials. */
  unauthorized: number;
  /** Answers the next requests with these failures, one each. */
  failNext(...failures: Failure[]): void;
  postInbound(webhookUrl: string, text: InboundOptions): Promise<Response>;
  close(): Promise<void>;
}

export interface InboundOptions {
  from: string;
  body: string;
  sid?: string;
  /** The URL the signature is computed for (the app's public URL); default `webhookUrl`. */
  signedUrl?: string;
  /** Replace the signature (forgeries), or `null` to send none. */
  signature?: string | null;
  /** Extra or replaced parameters (e.g. OptOutType). */
  params?: Record<string, string>;
  /** Sign with another token (a forgery by someone without ours). */
  token?: string;
  clientIp?: string;
}

export const newSid = (prefix = 'SM') => `${prefix}${crypto.randomBytes(16).toString('hex')}`;

function twilioError(res: http.ServerResponse, status: number, code: number, message: string) {
  res.writeHead(status, { 'Content-Type': 'application/json' });
  res.end(JSON.stringify({ code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status }));
}

async function readBody(req: http.IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export async function startTwilioStub(): Promise<TwilioStub> {
  const accountSid = `AC${crypto.randomBytes(16).toString('hex')}`;
  const authToken = crypto.randomBytes(16).toString('hex');
  const fromNumber = '+12815550143';
  const failures: Failure[] = [];
  const stub = { sent: [] as StubMessage[], unsubscribed: new Set<string>(), unauthorized: 0 };
  const server = http.createServer(async (req, res) => {
    const body = new URLSearchParams((await readBody(req)).toString('utf8'));
    const path = `/2010-04-01/Accounts/${accountSid}/Messages.json`;
    if (req.method !== 'POST' || req.url !== path) return twilioError(res, 404, 20404, 'The requested resource was not found');
    const expected = `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString('base64')}`;
    if (req.headers.authorization !== expected) {
      stub.unauthorized += 1;
      return twilioError(res, 401, 20003, 'Authenticate');
    }
    const failure = failures.shift();
    if (failure) return twilioError(res, failure.status, failure.code ?? 20500, failure.message ?? 'Internal Server Error');
    const to = body.get('To');
    const text = body.get('Body');
    if (!to) return twilioError(res, 400, 21604, "A 'To' phone number is required.");
    if (!body.get('From') && !body.get('MessagingServiceSid')) return twilioError(res, 400, 21603, "A 'From' phone number is required.");
    if (text === null || text === '') return twilioError(res, 400, 21602, 'Message body is required.');
    if (text.length > 1600) return twilioError(res, 400, 21617, 'The concatenated message body exceeds the 1600 character limit.');
    if (stub.unsubscribed.has(to)) return twilioError(res, 400, 21610, 'Attempt to send to unsubscribed recipient');
    const message: StubMessage = { sid: newSid(), to, from: body.get('From'), messagingServiceSid: body.get('MessagingServiceSid'), body: text, at: new Date() };
    stub.sent.push(message);
    res.writeHead(201, { 'Content-Type': 'application/json' });
    res.end(
      JSON.stringify({
        account_sid: accountSid,
        api_version: '2010-04-01',
        body: text,
        date_created: message.at.toUTCString(),
        direction: 'outbound-api',
        from: message.from,
        messaging_service_sid: message.messagingServiceSid,
        num_media: '0',
        num_segments: '1',
        sid: message.sid,
        status: 'queued',
        to,
        uri: `/2010-04-01/Accounts/${accountSid}/Messages/${message.sid}.json`,
      }),
    );
  });
  server.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    baseUrl,
    accountSid,
    authToken,
    fromNumber,
    get sent() {
      return stub.sent;
    },
    unsubscribed: stub.unsubscribed,
    get unauthorized() {
      return stub.unauthorized;
    },
    failNext: (...more) => void failures.push(...more),
    async postInbound(webhookUrl, text) {
      const sid = text.sid ?? newSid();
      const params: Record<string, string> = {
        ToCountry: 'US',
        ToState: 'TX',
        SmsMessageSid: sid,
        NumMedia: '0',
        ToCity: 'SPRING',
        FromZip: '77388',
        SmsSid: sid,
        FromState: 'TX',
        SmsStatus: 'received',
        FromCity: 'HOUSTON',
        Body: text.body,
        FromCountry: 'US',
        To: fromNumber,
        ToZip: '77388',
        NumSegments: '1',
        MessageSid: sid,
        AccountSid: accountSid,
        From: text.from,
        ApiVersion: '2010-04-01',
        ...text.params,
      };
      const signature =
        text.signature === undefined ? getExpectedTwilioSignature(text.token ?? authToken, text.signedUrl ?? webhookUrl, params) : text.signature;
      const headers: Record<string, string> = { 'Content-Type': 'application/x-www-form-urlencoded', 'User-Agent': 'TwilioProxy/1.1' };
      if (signature !== null) headers['X-Twilio-Signature'] = signature;
      if (text.clientIp) headers['X-Test-Client-Ip'] = text.clientIp;
      return fetch(webhookUrl, { method: 'POST', headers, body: new URLSearchParams(params) });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

type RouteAction = (args: { request: Request; params: Record<string, string>; context: { cspNonce: string; requestId: string; clientIp?: string } }) => unknown;

/** Serves `action` at every path of a server on 127.0.0.1 (see module docs); returns its origin and a close function. */
export async function serveWebhook(action: RouteAction): Promise<{ origin: string; close(): Promise<void> }> {
  const server = http.createServer(async (req, res) => {
    try {
      const body = await readBody(req);
      const origin = `http://${req.headers.host}`;
      const headers = new Headers();
      for (const [name, value] of Object.entries(req.headers)) if (typeof value === 'string') headers.set(name, value);
      const request = new Request(new URL(req.url ?? '/', origin), { method: req.method, headers, body: body.length ? new Uint8Array(body) : undefined });
      const clientIp = (req.headers['x-test-client-ip'] as string | undefined) ?? req.socket.remoteAddress;
      const response = (await action({ request, params: {}, context: { cspNonce: 'test', requestId: 'test', clientIp } })) as Response;
      res.writeHead(response.status, Object.fromEntries(response.headers));
      res.end(Buffer.from(await response.arrayBuffer()));
    } catch (error) {
      res.writeHead(599, { 'Content-Type': 'text/plain' });
      res.end(`the route threw: ${(error as Error).message}`);
    }
  });
  server.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
