/**
 * The offline extractor (no key, no network): images through tesseract.js OCR, PDFs with a text layer through
 * pdfjs-dist, then `parseInvoiceText` and the shared validation. A PDF without a text layer (a scan) gets the spec's
 * PDF message; a PDF with no pages, or bytes no decoder can read, get clear messages. See `extractor.server.ts`.
 */
import { INVOICE_MESSAGES } from '~/lib/schemas/invoice';
import { ExtractionError, validateExtraction, type InvoiceExtractor } from './contract.server';
import { recognizeImage } from './ocr.server';
import { parseInvoiceText } from './parse-invoice-text.server';
import { PdfReadError, readPdfText } from './pdf.server';

export const PDF_NO_PAGES = 'This PDF has no pages. Please upload the invoice again or enter details manually.';

export function createOfflineExtractor(): InvoiceExtractor {
  return {
    name: 'offline-ocr',
    async extract(file, options = {}) {
      let text: string;
      if (file.mime === 'application/pdf') {
        let pdf;
        try {
          pdf = await readPdfText(file.bytes);
        } catch (error) {
          if (error instanceof PdfReadError) throw new ExtractionError(INVOICE_MESSAGES.readFailed, 'read');
          throw error;
        }
        if (pdf.pages === 0) throw new ExtractionError(PDF_NO_PAGES, 'read');
        if (pdf.text.replace(/[^A-Za-z0-9]/g, '').length < 20) throw new ExtractionError(INVOICE_MESSAGES.pdfNotSupported, 'pdf');
        text = pdf.text;
      } else {
        try {
          text = await recognizeImage(file.bytes, options.signal);
        } catch (error) {
          if (options.signal?.aborted) throw error;
          throw new ExtractionError(INVOICE_MESSAGES.readFailed, 'read');
        }
      }
      options.signal?.throwIfAborted();
      const parsed = parseInvoiceText(text);
      if (parsed.impossible_date && !parsed.invoice_date) {
        return validateExtraction({ ...parsed, invoice_date: parsed.impossible_date });
      }
      return validateExtraction(parsed);
    },
  };
}
