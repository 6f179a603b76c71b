/**
 * PDF text layers read with pdfjs-dist (legacy build, which runs on Node without a DOM).
 *
 * `readPdfText(bytes)` → `{ pages, text }`: the page count and the text of every page as lines in reading order
 * (items grouped by their baseline, columns separated by two or more spaces so the invoice parser sees a table).
 * A scanned PDF has pages but (almost) no text. Throws {@link PdfReadError} when the bytes are not a readable PDF.
 */
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

export class PdfReadError extends Error {
  override name = 'PdfReadError';
}

interface TextItem {
  str: string;
  transform: number[];
  width: number;
}

export async function readPdfText(bytes: Uint8Array): Promise<{ pages: number; text: string }> {
  let doc;
  try {
    doc = await getDocument({
      data: new Uint8Array(bytes),
      isEvalSupported: false,
      useSystemFonts: false,
      disableFontFace: true,
      verbosity: 0,
    }).promise;
  } catch (error) {
    throw new PdfReadError(`Not a readable PDF: ${(error as Error).message}`);
  }
  try {
    const out: string[] = [];
    for (let n = 1; n <= Math.min(doc.numPages, 10); n += 1) {
      const page = await doc.getPage(n);
      const content = await page.getTextContent();
      const items = (content.items as TextItem[]).filter((i) => typeof i.str === 'string' && i.str.trim() !== '');
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
      page.cleanup();
    }
    return { pages: doc.numPages, text: out.join('\n') };
  } finally {
    await doc.destroy();
  }
}
