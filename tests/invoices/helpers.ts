/**
 * Helpers for the invoice tests: fixture files, multipart requests to the invoices action, row counts, a local
 * storage folder, and a fake Gemini API on 127.0.0.1 (node:http) whose replies each test chooses.
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { count } from 'drizzle-orm';
import { getDb } from '~/server/db/client.server';
import { inventory, invoiceLineItems, invoices } from '~/server/db/schema';
import { createLocalStorage, setStorage } from '~/server/storage/storage.server';
import { TEST_ORIGIN } from '../setup/factories';

export const FIXTURES = path.resolve(import.meta.dirname, '../fixtures/invoices');

export function fixture(name: string): Uint8Array {
  return new Uint8Array(fs.readFileSync(path.join(FIXTURES, name)));
}

export function expectedOf(name: string) {
  return JSON.parse(fs.readFileSync(path.join(FIXTURES, name.replace(/\.(png|jpg)$/, '.json')), 'utf8')).expected as {
    invoice_number: string;
    supplier: string;
    invoice_date: string;
    total_amount: number;
    line_items: { part_number: string; description: string; quantity: number; unit_price: number }[];
  };
}

/** A fresh local storage folder for this test file; returns its root. */
export function useTempStorage(): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'invoice-files-'));
  setStorage(createLocalStorage(root));
  return root;
}

/** Every file under the storage root (relative paths). */
export function storedFiles(root: string): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    if (!fs.existsSync(dir)) return;
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, e.name);
      if (e.isDirectory()) walk(full);
      else out.push(path.relative(root, full));
    }
  };
  walk(root);
  return out.sort();
}

/** A multipart POST to /admin/invoices as the browser sends it. `rows` become parallel line-item fields. */
export function invoiceRequest(
  cookie: string,
  options: {
    intent?: string;
    file?: { bytes: Uint8Array; name: string; type?: string } | null;
    fields?: Record<string, string>;
    rows?: { part_number: string; description: string; quantity: string; unit_price: string }[];
    /** Rows that are not parts, posted as `charge_kind`, `charge_description`, `charge_amount`. */
    charges?: { kind: string; description: string; amount: string }[];
    signal?: AbortSignal;
  },
): Request {
  const form = new FormData();
  if (options.file) {
    form.append('file', new File([options.file.bytes as Uint8Array<ArrayBuffer>], options.file.name, { type: options.file.type ?? 'application/octet-stream' }));
  }
  for (const [k, v] of Object.entries(options.fields ?? {})) form.append(k, v);
  for (const r of options.rows ?? []) {
    form.append('part_number', r.part_number);
    form.append('description', r.description);
    form.append('quantity', r.quantity);
    form.append('unit_price', r.unit_price);
  }
  for (const c of options.charges ?? []) {
    form.append('charge_kind', c.kind);
    form.append('charge_description', c.description);
    form.append('charge_amount', c.amount);
  }
  form.append('intent', options.intent ?? 'save');
  return new Request(new URL('/admin/invoices', TEST_ORIGIN), {
    method: 'POST',
    headers: { Origin: TEST_ORIGIN, Cookie: cookie },
    body: form,
    signal: options.signal,
  });
}

export async function rowCounts() {
  const db = getDb();
  const [i] = await db.select({ n: count() }).from(invoices);
  const [l] = await db.select({ n: count() }).from(invoiceLineItems);
  const [s] = await db.select({ n: count() }).from(inventory);
  return { invoices: i!.n, lineItems: l!.n, inventory: s!.n };
}

/** The `data()` result of an action: `{ data, status }`. */
export function dataOf<T>(value: unknown): { data: T; status: number } {
  const v = value as { data: T; init?: { status?: number } };
  return { data: v.data, status: v.init?.status ?? 200 };
}

export interface FakeGeminiRequest {
  path: string;
  apiKey: string | undefined;
  body: {
    contents: { parts: ({ inlineData?: { mimeType: string; data: string } } & { text?: string })[] }[];
    generationConfig: { responseMimeType: string; responseSchema: { properties: Record<string, unknown> } };
  };
}

export type FakeReply = { status?: number; body?: string; delayMs?: number };

/** Starts the fake Gemini API; `reply` is called per request (after reading it) and says what to answer. */
export async function startFakeGemini(reply: (req: FakeGeminiRequest, n: number) => FakeReply) {
  const requests: FakeGeminiRequest[] = [];
  const sockets = new Set<Socket>();
  const server = http.createServer((req, res) => {
    let raw = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => (raw += c));
    req.on('end', () => {
      const parsed: FakeGeminiRequest = {
        path: req.url ?? '',
        apiKey: req.headers['x-goog-api-key'] as string | undefined,
        body: JSON.parse(raw) as FakeGeminiRequest['body'],
      };
      requests.push(parsed);
      const answer = reply(parsed, requests.length);
      const send = () => {
        if (res.destroyed) return;
        res.writeHead(answer.status ?? 200, { 'content-type': 'application/json' });
        res.end(answer.body ?? '{}');
      };
      if (answer.delayMs) setTimeout(send, answer.delayMs).unref();
      else send();
    });
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    requests,
    async close() {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** A Gemini generateContent reply whose first candidate's text is `text`. */
export function candidateReply(text: string): string {
  return JSON.stringify({ candidates: [{ content: { role: 'model', parts: [{ text }] }, finishReason: 'STOP' }] });
}
