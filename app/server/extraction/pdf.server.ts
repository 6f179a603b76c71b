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
import type { WordBox } from './layout/words';

export class PdfReadError extends Error {
  override name = 'PdfReadError';
}

export interface TextItem {
  str: string;
  transform: number[];
  width: number;
}

interface PageText {
  items: TextItem[];
  /** Page height in PDF units (the y axis points up). */
  height: number;
  /** PNG of the page when it has (almost) no text layer and rendering was asked for. */
  image?: Uint8Array;
}

/** Most pages read of one PDF (an invoice is one or two pages; a 40-page file is refused with a clear message). */
export const MAX_PDF_PAGES = 4;

/** Pixels per PDF point a page without a text layer is rendered at when it holds no larger image (144 dpi). */
export const SCAN_MIN_SCALE = 2;

/** Most pixels per PDF point a scanned page is rendered at (288 dpi: a 300 dpi scan is read at nearly its own pixels). */
export const SCAN_MAX_SCALE = 4;

/**
 * The scale (pixels per PDF point) to render a page without a text layer at, so that its scanned image keeps its own
 * pixels: a 1275 px scan placed 576 pt wide is drawn at 2.21 px/pt, and rendering it at 2 threw a tenth of its pixels
 * away before the OCR enlarged it again. `fnArray`/`argsArray` are the page's pdfjs operator list, `codes` pdfjs's
 * `OPS` (save, restore, transform, paintImageXObject, whose arguments are `[id, width px, height px]`); the current
 * transformation matrix is followed through save/restore/transform to find each image's drawn width in points. The
 * widest image drawn over at least 30 % of `pageWidth` (points) sets the scale, kept within [`min`, `max`]; with none,
 * `min`. Self-contained (no outside names, no inner functions): its source runs in the PDF worker too. Measured on
 * tuning data only (2026-11-28, `bench-rescan.ts` seed 37 with the second extra set, 48 pages, after the scan's rule
 * cut-off `SCAN_RULE_DARK`): rows 78.9 → 86.7 %, header 94.3 → 95.3 % (part numbers no longer came apart digit by
 * digit, "7 1 1 0 1-T B A-AO 0").
 */
export function scanRenderScale(
  fnArray: ArrayLike<number>,
  argsArray: ArrayLike<unknown>,
  codes: { save: number; restore: number; transform: number; paintImageXObject: number },
  pageWidth: number,
  min: number,
  max: number,
): number {
  let ctm = [1, 0, 0, 1, 0, 0];
  const stack: number[][] = [];
  let drawn = 0;
  let pixels = 0;
  for (let i = 0; i < fnArray.length; i += 1) {
    const fn = fnArray[i];
    const args = argsArray[i] as unknown[] | null;
    if (fn === codes.save) stack.push(ctm);
    else if (fn === codes.restore) ctm = stack.pop() ?? ctm;
    else if (fn === codes.transform && args && args.length >= 6) {
      const [a, b, c, d, e, f] = args as number[];
      const [p, q, r, s, t, u] = ctm as [number, number, number, number, number, number];
      ctm = [a! * p + b! * r, a! * q + b! * s, c! * p + d! * r, c! * q + d! * s, e! * p + f! * r + t, e! * q + f! * s + u];
    } else if (fn === codes.paintImageXObject && args && typeof args[1] === 'number') {
      // The image's unit square is drawn along the matrix's first column: its width in points.
      const width = Math.hypot(ctm[0]!, ctm[1]!);
      if (width >= pageWidth * 0.3 && width > drawn) {
        drawn = width;
        pixels = args[1];
      }
    }
  }
  if (!drawn || !pixels) return min;
  return Math.min(max, Math.max(min, pixels / drawn));
}

/**
 * The worker: loads pdfjs, reads up to `maxPages` pages' text items; a page with (almost) no text is rendered to a
 * PNG with @napi-rs/canvas when `render` is set, at the scale {@link scanRenderScale} gives (from `scale` to
 * `maxScale`). Posts `{ pages, pageItems }` or `{ error, password }`.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const scanRenderScale = ${scanRenderScale.toString()};
(async () => {
  let doc;
  try {
    const { getDocument, OPS } = await import(workerData.pdfjsUrl);
    try {
      doc = await getDocument({ data: workerData.bytes, isEvalSupported: false, useSystemFonts: false, disableFontFace: true, verbosity: 0 }).promise;
    } catch (error) {
      parentPort.postMessage({ error: String(error && error.message || error), password: !!error && error.name === 'PasswordException' });
      return;
    }
    const pageItems = [];
    for (let n = 1; n <= Math.min(doc.numPages, workerData.maxPages); n += 1) {
      const page = await doc.getPage(n);
      const content = await page.getTextContent();
      const items = content.items.filter((i) => typeof i.str === 'string' && i.str.trim() !== '').map((i) => ({ str: i.str, transform: i.transform, width: i.width }));
      const viewport = page.getViewport({ scale: 1 });
      const entry = { items, height: viewport.height };
      if (workerData.render && items.map((i) => i.str).join('').replace(/[^A-Za-z0-9]/g, '').length < 20) {
        const ops = await page.getOperatorList();
        const scale = scanRenderScale(ops.fnArray, ops.argsArray, OPS, viewport.width, workerData.scale, workerData.maxScale);
        const scaled = page.getViewport({ scale });
        const { createCanvas } = require(workerData.canvasPath);
        const canvas = createCanvas(Math.ceil(scaled.width), Math.ceil(scaled.height));
        const context = canvas.getContext('2d');
        context.fillStyle = '#ffffff';
        context.fillRect(0, 0, canvas.width, canvas.height);
        await page.render({ canvasContext: context, canvas, viewport: scaled }).promise;
        entry.image = new Uint8Array(await canvas.encode('png'));
      }
      pageItems.push(entry);
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
type WorkerAnswer = { pages: number; pageItems: PageText[] } | { error: string; password?: boolean };

function extractTextItems(bytes: Uint8Array, options: { render?: boolean; maxPages?: number } = {}): Promise<WorkerAnswer> {
  const require = createRequire(import.meta.url);
  pdfjsUrl ??= pathToFileURL(require.resolve('pdfjs-dist/legacy/build/pdf.mjs')).href;
  const canvasPath = require.resolve('@napi-rs/canvas');
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: { pdfjsUrl, canvasPath, bytes: new Uint8Array(bytes), render: !!options.render, scale: SCAN_MIN_SCALE, maxScale: SCAN_MAX_SCALE, maxPages: options.maxPages ?? 10 },
    });
    let settled = false;
    worker.once('message', (answer: WorkerAnswer) => {
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

/** The PDF is encrypted (password-protected). */
export class PdfPasswordError extends PdfReadError {
  override name = 'PdfPasswordError';
}

/** One page as the layout reader sees it: words with boxes (y downwards), or the rendered PNG of a scanned page. */
export interface PdfPage {
  words: WordBox[];
  image: Uint8Array | null;
}

/** Splits a text item into words, sharing its width in proportion to the characters. */
function itemWords(item: TextItem, pageHeight: number): WordBox[] {
  const [a, b, , d, x, y] = item.transform as [number, number, number, number, number, number];
  const size = Math.max(1, Math.hypot(b, d) || Math.abs(a));
  const top = pageHeight - y - size * 0.8;
  const bottom = pageHeight - y + size * 0.2;
  const chars = item.str.length || 1;
  const perChar = item.width / chars;
  const out: WordBox[] = [];
  const re = /\S+/g;
  for (let m = re.exec(item.str); m; m = re.exec(item.str)) {
    out.push({ text: m[0], x0: x + m.index * perChar, x1: x + (m.index + m[0].length) * perChar, y0: top, y1: bottom, conf: 1 });
  }
  return out;
}

/**
 * Words of a page's text items. Chromium and others print a ligature ("fi", "fl") as its own text item: a word cut by
 * an item boundary with no gap (under a tenth of the font size) and no space on either side is joined again, so
 * "Rage Gold fi ller" reads "Rage Gold filler"; so is a word in small capitals, whose first letter is a larger item on the
 * same baseline, and whose smaller capitals stand for small letters ("I" 22 pt + "NVOICE" 16 pt → "Invoice", as typed;
 * the capitals of a word typed in capitals are all one size). Ligature characters are spelled out (NFKC).
 */
export function joinTouchingItems(items: TextItem[], pageHeight: number): WordBox[] {
  const out: WordBox[] = [];
  let prevItem: TextItem | null = null;
  let smallCapsWord: WordBox | null = null;
  for (const raw of items) {
    const item = { ...raw, str: raw.str.normalize('NFKC') };
    const words = itemWords(item, pageHeight);
    const last = out[out.length - 1];
    const first = words[0];
    if (prevItem && last && first && !/\s$/.test(prevItem.str) && !/^\s/.test(item.str)) {
      const size = last.y1 - last.y0;
      // Same baseline (a box is 0.8 of its font size above it, 0.2 below): small capitals ("I" 22 pt + "NVOICE" 16 pt) too.
      const baseline = (w: WordBox) => w.y1 - (w.y1 - w.y0) * 0.2;
      if (Math.abs(baseline(first) - baseline(last)) < size * 0.2 && first.x0 - last.x1 < size * 0.1 && first.x0 - last.x1 > -size * 0.3) {
        // Small capitals: a larger capital then smaller capitals is a word typed in lower case after its capital.
        // A word already begun so ("Cr" + "OSSROADS") goes on in small letters.
        const capital: boolean = /^[A-Z]$/.test(last.text) || last === smallCapsWord;
        const smallCaps: boolean = capital && /^[A-Z][A-Z.,'&-]*$/.test(first.text) && first.y1 - first.y0 < (last.y1 - last.y0) * 0.85;
        const rest = smallCaps ? first.text.toLowerCase() : first.text;
        out[out.length - 1] = { ...last, text: last.text + rest, x1: first.x1, y0: Math.min(last.y0, first.y0), y1: Math.max(last.y1, first.y1) };
        smallCapsWord = smallCaps ? out[out.length - 1]! : null;
        words.shift();
      }
    }
    out.push(...words);
    prevItem = item;
  }
  return out;
}

/**
 * Words printed twice over themselves, kept once: "fake bold" (a word drawn again a fraction of a point to the side)
 * and text shadows put every word into the text layer two or three times ("MIDSTATE MIDSTATE AUTO AUTO"). A word is
 * dropped when an earlier kept word has the same text and their boxes overlap by more than half of the smaller one.
 * Words that only touch, and the same word printed elsewhere on the line, are kept. Order is kept.
 */
export function dropOverprinted(words: WordBox[]): WordBox[] {
  const kept: WordBox[] = [];
  const overlap = (a: WordBox, b: WordBox) => {
    const w = Math.min(a.x1, b.x1) - Math.max(a.x0, b.x0);
    const h = Math.min(a.y1, b.y1) - Math.max(a.y0, b.y0);
    if (w <= 0 || h <= 0) return 0;
    const area = (x: WordBox) => Math.max(1e-9, (x.x1 - x.x0) * (x.y1 - x.y0));
    return (w * h) / Math.min(area(a), area(b));
  };
  for (const word of words) {
    const twin = kept.some((k) => k.text === word.text && overlap(k, word) > 0.5);
    if (!twin) kept.push(word);
  }
  return kept;
}

/**
 * Reads a PDF for the layout reader: `{ pages, read }` with the total page count and, for each of the first
 * `maxPages` pages, its words (from the text layer, in PDF points, y downwards) or, for a page without a text layer,
 * a PNG rendering to OCR. Throws {@link PdfPasswordError} for an encrypted PDF, {@link PdfReadError} when unreadable.
 */
export async function readPdfPages(bytes: Uint8Array, maxPages = MAX_PDF_PAGES): Promise<{ pages: number; read: PdfPage[] }> {
  const answer = await extractTextItems(bytes, { render: true, maxPages });
  if ('error' in answer) {
    if (answer.password) throw new PdfPasswordError(`Encrypted PDF: ${answer.error}`);
    throw new PdfReadError(`Not a readable PDF: ${answer.error}`);
  }
  return {
    pages: answer.pages,
    read: answer.pageItems.map((page) => ({
      words: dropOverprinted(joinTouchingItems(page.items, page.height)),
      image: page.image ? new Uint8Array(page.image) : null,
    })),
  };
}
