/**
 * pdfjs-dist's legacy build replaces JSON.stringify, JSON.parse and Array.prototype.push of the realm that loads it
 * with slower core-js versions. `readPdfText` runs it in a worker, so the server's own built-ins stay native.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readPdfText } from '~/server/extraction/pdf.server';

const FIXTURES = path.resolve(import.meta.dirname, '../fixtures/invoices');

describe('reading a PDF', () => {
  it('reads the text layer and leaves the server realm built-ins native', async () => {
    const natives = [JSON.stringify, JSON.parse, Array.prototype.push];
    const { pages, text } = await readPdfText(fs.readFileSync(path.join(FIXTURES, 'text-layer.pdf')));
    expect(pages).toBeGreaterThan(0);
    expect(text.length).toBeGreaterThan(20);
    expect([JSON.stringify, JSON.parse, Array.prototype.push]).toEqual(natives);
    // core-js leaves this marker in any realm it polyfilled (and disguises its functions as native code).
    expect(Object.keys(globalThis)).not.toContain('__core-js_shared__');
  });

  it('answers a clear error for bytes that are not a PDF', async () => {
    await expect(readPdfText(new TextEncoder().encode('not a pdf at all'))).rejects.toMatchObject({ name: 'PdfReadError' });
  });
});
