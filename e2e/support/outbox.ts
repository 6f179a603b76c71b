/**
 * The mail the server under test wrote: with no SMTP_URL the mail worker writes each message as an .eml file into
 * DATA_DIR/mail. `dataDir` defaults to the shared server's folder (E2E_DATA_DIR); tests with a server of their own pass
 * its folder.
 */
import fs from 'node:fs';
import path from 'node:path';

const sharedDataDir = () => process.env.E2E_DATA_DIR ?? '';

/** Every message written so far, raw, with quoted-printable soft breaks and escapes undone (enough to read URLs). */
export function outboxMessages(dataDir = sharedDataDir()): string[] {
  const dir = path.join(dataDir, 'mail');
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.eml'))
    .map((f) =>
      fs
        .readFileSync(path.join(dir, f), 'utf8')
        .replace(/=\r?\n/g, '')
        .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    );
}

/** Waits for a message to `to` (any letter case) whose text includes `subjectPart` and returns its first link (the first containing `linkContaining` when given); throws after `timeoutMs`. */
export async function waitForMailLink(
  to: string,
  subjectPart: string,
  { dataDir = sharedDataDir(), timeoutMs = 20_000, linkContaining = '' } = {},
): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    for (const raw of outboxMessages(dataDir)) {
      if (!raw.toLowerCase().includes(to.toLowerCase()) || !raw.includes(subjectPart)) continue;
      const link = raw.match(/https?:\/\/[^\s"<>]+/g)?.find((l) => l.includes(linkContaining));
      if (link) return link.replace(/&amp;/g, '&');
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no mail to ${to} within ${timeoutMs} ms`);
}
