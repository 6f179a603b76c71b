/**
 * PDF text layers read with pdfjs-dist (legacy build, which runs on Node without a DOM).
 *
 * `readPdfText(bytes)` → `{ pages, text }`: the page count and the text of every page (first 10) as lines in reading
 * order (items grouped by their baseline, columns separated by two or more spaces so the invoice parser sees a table).
 * A scanned PDF has pages but (almost) no text. Throws {@link PdfReadError} when the bytes are not a readable PDF.
 *
 * pdfjs runs in a worker thread started for the call and stopped after it: its legacy build installs core-js
 * polyfills that replace `JSON.stringify`, `JSON.parse` and `Array.prototype.push` of the realm that loads it with
 * slower versions, which in the server's own realm made every page render several milliseconds slower. In a worker
 * they touch only the worker; the parse also stays off the request thread.
 */
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';

export class PdfReadError extends Error {
  override name = 'PdfReadError';
}

interface TextItem {
  str: string;
  transform: number[];
  width: number;
}

interface PageText {
  items: TextItem[];
}

/** The worker: loads pdfjs, reads up to 10 pages' text items, posts `{ pages, pageItems }` or `{ error }`. */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
(async () => {
  let doc;
  try {
    const { getDocument } = await import(workerData.pdfjsUrl);
    try {
      doc = await getDocument({ data: workerData.bytes, isEvalSupported: false, useSystemFonts: false, disableFontFace: true, verbosity: 0 }).promise;
    } catch (error) {
      parentPort.postMessage({ error: String(error && error.message || error) });
      return;
    }
    const pageItems = [];
    for (let n = 1; n <= Math.min(doc.numPages, 10); n += 1) {
      const page = await doc.getPage(n);
      const content = await page.getTextContent();
      pageItems.push({ items: content.items.filter((i) => typeof i.str === 'string' && i.str.trim() !== '').map((i) => ({ str: i.str, transform: i.transform, width: i.width })) });
      page.cleanup();
    }
    parentPort.postMessage({ pages: doc.numPages, pageItems });
  } catch (error) {
    parentPort.postMessage({ error: String(error && error.message || error) });
  } finally {
    if (doc) await doc.destroy();
  }
})();
`;

let pdfjsUrl: string | undefined;

/** Runs the worker on `bytes`; resolves with its answer. Rejects only when the worker itself fails. */
function extractTextItems(bytes: Uint8Array): Promise<{ pages: number; pageItems: PageText[] } | { error: string }> {
  pdfjsUrl ??= pathToFileURL(createRequire(import.meta.url).resolve('pdfjs-dist/legacy/build/pdf.mjs')).href;
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { pdfjsUrl, bytes: new Uint8Array(bytes) } });
    let settled = false;
    worker.once('message', (answer: { pages: number; pageItems: PageText[] } | { error: string }) => {
      settled = true;
      resolve(answer);
      void worker.terminate();
    });
    worker.once('error', (error) => {
      if (!settled) reject(error);
    });
    worker.once('exit', (code) => {
      if (!settled) reject(new Error(`PDF worker exited with code ${code}`));
    });
  });
}

export async function readPdfText(bytes: Uint8Array): Promise<{ pages: number; text: string }> {
  const answer = await extractTextItems(bytes);
  if ('error' in answer) throw new PdfReadError(`Not a readable PDF: ${answer.error}`);
  const out: string[] = [];
  for (const { items } of answer.pageItems) {
    const lines: { y: number; items: TextItem[] }[] = [];
    for (const item of items) {
      const y = item.transform[5]!;
      const line = lines.find((l) => Math.abs(l.y - y) < 3);
      if (line) line.items.push(item);
      else lines.push({ y, items: [item] });
    }
    lines.sort((a, b) => b.y - a.y);
    for (const line of lines) {
      line.items.sort((a, b) => a.transform[4]! - b.transform[4]!);
      let text = '';
      let end = -Infinity;
      for (const item of line.items) {
        const x = item.transform[4]!;
        const gap = x - end;
        if (text) text += gap > 12 ? '    ' : gap > 1.5 ? ' ' : '';
        text += item.str;
        end = x + item.width;
      }
      out.push(text);
    }
  }
  return { pages: answer.pages, text: out.join('\n') };
}
