/**
 * Where mail goes: SMTP (`SMTP_URL`) through Nodemailer, or, with no SMTP configured, `.eml` files in
 * `DATA_DIR/mail` (the embedded default: open them in any mail program). Tests may replace the transport.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Transporter } from 'nodemailer';
import { getConfig } from '../config.server';

/** Nodemailer is loaded with the first message, not at start (issue 13; see load-on-use.server.ts). */
async function loadNodemailer() {
  return (await import('nodemailer')).default;
}

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html?: string | undefined;
  /** Where replies go (issue 15): the shop's address on status e-mails, the visitor's on contact-form e-mails. */
  replyTo?: string | undefined;
  /** Files sent with the message (Nodemailer's attachment fields; content base64). */
  attachments?: { filename: string; contentType: string; content: string; encoding: 'base64' }[] | undefined;
}

export interface MailTransport {
  /** Delivers one message; throws when the server refuses it or cannot be reached. */
  send(mail: OutgoingMail): Promise<void>;
}

/** SMTP through Nodemailer (short timeouts so a dead server does not hold the worker). */
export function createSmtpTransport(url: string, from: string): MailTransport {
  let transporter: Transporter | undefined;
  return {
    async send(mail) {
      if (!transporter) {
        transporter = (await loadNodemailer()).createTransport(url, { from });
        (transporter.options as Record<string, unknown>).connectionTimeout = 10_000;
        (transporter.options as Record<string, unknown>).greetingTimeout = 10_000;
        (transporter.options as Record<string, unknown>).socketTimeout = 20_000;
      }
      await transporter.sendMail({ from, ...mail });
    },
  };
}

/** Writes each message as an RFC 822 `.eml` file into `dir`. */
export function createFileTransport(dir: string, from: string): MailTransport {
  let transporter: Transporter | undefined;
  return {
    async send(mail) {
      transporter ??= (await loadNodemailer()).createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
      const info = await transporter.sendMail({ from, ...mail });
      await fs.mkdir(dir, { recursive: true });
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${info.messageId.replace(/[^A-Za-z0-9]/g, '').slice(0, 24)}.eml`;
      await fs.writeFile(path.join(dir, name), info.message as Buffer);
    },
  };
}

let current: MailTransport | undefined;

/** The configured transport (built from configuration on first use). */
export function getMailTransport(): MailTransport {
  if (!current) {
    const config = getConfig();
    current = config.smtpUrl
      ? createSmtpTransport(config.smtpUrl, config.mailFrom)
      : createFileTransport(path.join(config.dataDir, 'mail'), config.mailFrom);
  }
  return current;
}

export function setMailTransport(transport: MailTransport | undefined): void {
  current = transport;
}
