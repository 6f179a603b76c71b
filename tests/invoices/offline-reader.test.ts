/**
 * The offline reader end to end (issue 18): real OCR (tesseract.js, offline data) and real pdfjs on development-set
 * invoices of the tuning split, and the bad input the issue names — a blank page, a picture of something else, an
 * encrypted PDF, a 40-page PDF, a 15 MB image, bytes that are no image — each a clear ExtractionError, never a crash.
 */
import fs from 'node:fs';
import path from 'node:path';
import PDFDocument from 'pdfkit';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { INVOICE_MESSAGES } from '~/lib/schemas/invoice';
import { ExtractionError } from '~/server/extraction/contract.server';
import { closeOcrWorker } from '~/server/extraction/ocr.server';
import { createOfflineExtractor, NOT_AN_INVOICE, PDF_ENCRYPTED, pdfTooManyPages } from '~/server/extraction/offline.server';
import { scannedPdf } from '../../scripts/invoice-devset/effects';
import { fixture } from './helpers';

const DEV = path.resolve(import.meta.dirname, '../fixtures/invoices-dev');
const extractor = createOfflineExtractor();

afterAll(async () => {
  await closeOcrWorker();
});

function devCase(id: string) {
  const spec = JSON.parse(fs.readFileSync(path.join(DEV, `${id}.json`), 'utf8')) as {
    file: string;
    split: string;
    expected: { invoice_number: string; supplier: string; invoice_date: string; total_amount: number; line_items: unknown[] };
  };
  // Only the tuning split may be looked at while the reader is being built.
  expect(spec.split).toBe('tuning');
  return { spec, bytes: new Uint8Array(fs.readFileSync(path.join(DEV, spec.file))) };
}

function pdf(build: (doc: PDFKit.PDFDocument) => void, options: PDFKit.PDFDocumentOptions = {}): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ autoFirstPage: false, ...options });
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(new Uint8Array(Buffer.concat(chunks))));
    doc.on('error', reject);
    build(doc);
    doc.end();
  });
}

async function failure(bytes: Uint8Array, mime: string): Promise<ExtractionError> {
  const error = await extractor.extract({ bytes, mime, fileName: 'x' }).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(ExtractionError);
  return error as ExtractionError;
}

describe('reads development-set invoices end to end', () => {
  it.each(['D03', 'D05', 'D19'])('reads %s (an image) by its layout', async (id) => {
    const { spec, bytes } = devCase(id);
    const got = await extractor.extract({ bytes, mime: 'image/png', fileName: spec.file });
    expect(got).toMatchObject({
      invoice_number: spec.expected.invoice_number,
      supplier: spec.expected.supplier,
      invoice_date: spec.expected.invoice_date,
      total_amount: spec.expected.total_amount,
    });
    expect(got.line_items).toEqual(spec.expected.line_items);
    expect(got.confidence?.line_items).toHaveLength(got.line_items.length);
  }, 120_000);

  it.each([
    ['D36', 'A 205 880 01 40'],
    ['D22', 'SO-5416'],
    ['D23', 'DW01812 GBN'],
  ])('reads %s’s part numbers as printed: spaces kept, O/0 and I/1 from the glyphs (%s)', async (id, partNumber) => {
    const { spec, bytes } = devCase(id);
    const got = await extractor.extract({ bytes, mime: 'image/png', fileName: spec.file });
    expect(got.line_items.map((r) => r.part_number)).toContain(partNumber);
    expect(got.line_items).toEqual(spec.expected.line_items);
  }, 120_000);

  it('reads a two-page PDF from its text layer: the table continues on page 2, the totals at the end', async () => {
    const { spec, bytes } = devCase('D55');
    const got = await extractor.extract({ bytes, mime: 'application/pdf', fileName: spec.file });
    expect(got.total_amount).toBe(spec.expected.total_amount);
    expect(got.invoice_number).toBe(spec.expected.invoice_number);
    expect(got.line_items.length).toBeGreaterThanOrEqual(20);
  }, 60_000);

  it('reads a scanned PDF (no text layer) by rendering the page and OCR', async () => {
    const got = await extractor.extract({ bytes: fixture('scanned.pdf'), mime: 'application/pdf', fileName: 'scan.pdf' });
    expect(got).toMatchObject({ invoice_number: 'INV-10234', invoice_date: '2026-03-14', total_amount: 656.5 });
    expect(got.line_items).toHaveLength(3);
  }, 60_000);

  it('reads a tuning page scanned into a PDF (grey, skewed 0.8°, JPEG) as it reads the page: straightened, sparse-page contrast, label boxes read again', async () => {
    // D35's labels sit in small boxes above the values; the single-block read garbles them ("voloeto."), and before the
    // scanned page had the image's sparse header read the invoice number was lost; the 0.8° skew mixed the rows.
    const { spec, bytes } = devCase('D35');
    const { pdf: scan } = await scannedPdf(Buffer.from(bytes), 0.8);
    const got = await extractor.extract({ bytes: new Uint8Array(scan), mime: 'application/pdf', fileName: 'scan.pdf' });
    expect(got).toMatchObject({ invoice_number: spec.expected.invoice_number, supplier: spec.expected.supplier, invoice_date: spec.expected.invoice_date, total_amount: spec.expected.total_amount });
    expect(got.line_items).toEqual(spec.expected.line_items);
  }, 120_000);
});

describe('bad input gives a clear message', () => {
  it('a blank page', async () => {
    const blank = await sharp({ create: { width: 1275, height: 1650, channels: 3, background: '#ffffff' } }).png().toBuffer();
    expect((await failure(blank, 'image/png')).message).toBe(NOT_AN_INVOICE);
  }, 60_000);

  it('a picture of something else', async () => {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="800">
      <rect width="1200" height="800" fill="#7aa9d6"/><rect y="520" width="1200" height="280" fill="#5b6b4a"/>
      <rect x="300" y="380" width="560" height="160" rx="60" fill="#b22222"/><circle cx="420" cy="560" r="60" fill="#222"/>
      <circle cx="740" cy="560" r="60" fill="#222"/><circle cx="1000" cy="140" r="70" fill="#ffd700"/></svg>`;
    const photo = await sharp(Buffer.from(svg)).jpeg({ quality: 70 }).toBuffer();
    expect((await failure(photo, 'image/jpeg')).message).toBe(NOT_AN_INVOICE);
  }, 60_000);

  it('bytes that are not an image', async () => {
    expect((await failure(new TextEncoder().encode('this is not a picture'), 'image/png')).message).toBe(INVOICE_MESSAGES.readFailed);
  });

  it('an encrypted PDF', async () => {
    const bytes = await pdf(
      (doc) => {
        doc.addPage();
        doc.text('Invoice # 1001  Date 11/03/2026  Total 10.00');
      },
      { userPassword: 'secret', ownerPassword: 'owner' },
    );
    const error = await failure(bytes, 'application/pdf');
    expect(error.message).toBe(PDF_ENCRYPTED);
  }, 60_000);

  it('a 40-page PDF: the first pages are read and pre-fill the form, and the message says so', async () => {
    const bytes = await pdf((doc) => {
      for (let n = 1; n <= 40; n += 1) {
        doc.addPage();
        if (n === 1) {
          doc.fontSize(20).text('Harbor Parts Supply', 50, 50);
          doc.fontSize(11).text('Invoice # 77812', 400, 60).text('Date: 11/03/2026', 400, 80);
        }
        doc.fontSize(11).text(`Terms and conditions, page ${n}. Lorem ipsum dolor sit amet.`, 50, 300);
      }
    });
    const error = await failure(bytes, 'application/pdf');
    expect(error.message).toBe(pdfTooManyPages(40));
    expect(error.partial).toMatchObject({ invoice_number: '77812', invoice_date: '2026-11-03' });
  }, 60_000);

  it('a 15 MB image of an invoice is read within the time limit', async () => {
    // 01-classic enlarged to 2700 px wide, stored without compression: about 14.6 MB (the largest accepted is 15 MB).
    const big = await sharp(fixture('01-classic.png')).resize({ width: 2700 }).flatten({ background: '#ffffff' }).png({ compressionLevel: 0 }).toBuffer();
    expect(big.length).toBeGreaterThan(5 * 1024 * 1024);
    const started = performance.now();
    const got = await extractor.extract({ bytes: big, mime: 'image/png', fileName: 'big.png' });
    expect(got.invoice_number).toBe('INV-10234');
    expect(performance.now() - started).toBeLessThan(45_000);
  }, 120_000);
});
