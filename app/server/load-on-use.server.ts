/**
 * Packages that hold a lot of memory and serve few requests are imported on first use, not at start (issue 13: a
 * shop's first server is often a 1 GB machine). Node keeps a module once imported, so later calls cost a resolved
 * promise. Elsewhere: tesseract.js (extraction/ocr.server.ts), qrcode (auth/two-factor.server.ts), the AWS SDK
 * (storage/create-storage.server.ts), nodemailer (mail/transport.server.ts), React Email with the e-mail templates
 * (mail/load-templates.server.ts), file-type (uploads/upload.server.ts),
 * pdfjs (extraction/pdf.server.ts, on its own thread); here: sharp and pdfmake (with pdfkit and fontkit, set up by
 * documents/pdf/render-pdf.server.ts). tests/integration/start-footprint.test.ts checks that a started server has none
 * of them loaded.
 */
import type pdfmakeModule from 'pdfmake';
import type sharpModule from 'sharp';

/** sharp (libvips, a native module): thumbnails, OCR preparation, the AI extractor's PNGs. */
export async function loadSharp(): Promise<typeof sharpModule> {
  return (await import('sharp')).default;
}

/**
 * pdfmake's Node build (a singleton: fonts and access policies set on it hold for every document; pdfkit and
 * fontkit come with it): estimate, supplement, certificate and invoice PDFs. Callers go through
 * documents/pdf/render-pdf.server.ts, which sets the fonts and policies once.
 */
export async function loadPdfmake(): Promise<typeof pdfmakeModule> {
  return (await import('pdfmake')).default;
}
