/**
 * A real SMTP server on 127.0.0.1 (the `smtp-server` package) for mail tests: it records every message it accepts,
 * and can be told to refuse (answer 421) to simulate an outage.
 */
import { SMTPServer } from 'smtp-server';
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import { getDb } from '~/server/db/client.server';
import { jobs } from '~/server/db/schema';
import '~/server/jobs/job-kinds.server';
import { processDueJobs } from '~/server/jobs/job-queue.server';
import { mailField, selectMail } from '~/server/mail/mail-queue.server';
import { createSmtpTransport, setMailTransport } from '~/server/mail/transport.server';

export { mailField };

export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
}

export interface TestSmtpServer {
  port: number;
  url: string;
  messages: ReceivedMail[];
  setRefusing(refusing: boolean): void;
  close(): Promise<void>;
}

export async function startSmtpServer(): Promise<TestSmtpServer> {
  const messages: ReceivedMail[] = [];
  let refusing = false;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onConnect(_session, callback) {
      if (refusing) {
        const error = Object.assign(new Error('Service not available'), { responseCode: 421 });
        return callback(error);
      }
      return callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        messages.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as { port: number }).port;
  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    messages,
    setRefusing(value) {
      refusing = value;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * For a test file: starts the SMTP server before its tests and routes the application's mail through it (sender
 * 'Shop <no-reply@localhost>'), and stops both after. Returns an accessor for the running server.
 */
export function withTestSmtp(): () => TestSmtpServer {
  let smtp: TestSmtpServer | undefined;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    setMailTransport(createSmtpTransport(smtp.url, 'Shop <no-reply@localhost>'));
  });
  afterAll(async () => {
    setMailTransport(undefined);
    await smtp?.close();
  });
  return () => {
    if (!smtp) throw new Error('the test SMTP server is not running yet');
    return smtp;
  };
}

/** Makes every queued message due now (instead of waiting out its backoff), for the next `processDueMail()`. */
export function makeQueuedMailDue() {
  return getDb().update(jobs).set({ runAt: sql`now()` }).where(eq(jobs.state, 'queued'));
}

/**
 * The e-mails on the job queue matching `where` (conditions on `jobs` columns, or `mailField('to', …)`), oldest first,
 * each with its payload spread out under the names tests read: `kind` (the mail's purpose), `toAddress`, `subject`,
 * `textBody`, `htmlBody`, `replyTo`; `state` is the job's ('queued', 'running', 'done', 'failed', ...).
 */
export async function mailRows(where?: SQL) {
  const rows = await selectMail(getDb(), where);
  return rows.map(({ mail, ...job }) => ({
    ...job,
    kind: mail.purpose,
    toAddress: mail.to,
    subject: mail.subject,
    textBody: mail.text,
    htmlBody: mail.html ?? null,
    replyTo: mail.replyTo ?? null,
  }));
}


/**
 * Ends the waiting window of every queued status message and review request (instead of waiting 2 minutes or 24
 * hours) and runs them, so the e-mails and texts they queue can be read; returns the job outcome.
 */
export async function sendCustomerMessagesNow(kinds: string[] = ['status_notification']) {
  await getDb()
    .update(jobs)
    .set({ runAt: sql`now()` })
    .where(and(eq(jobs.state, 'queued'), inArray(jobs.kind, kinds)));
  return processDueJobs(50, kinds);
}
