/**
 * Reading a PDF's text back in tests (pdfjs-dist's legacy build, which runs on Node): `readPdf(bytes)` → pages, each
 * page's text and every text item; `pdfText(bytes)` → all pages' text in one string.
 */
export interface PdfText {
  pages: number;
  /** Each page's text items joined by spaces (a new line where pdfjs sees one). */
  pageTexts: string[];
  /** Every text item as pdfjs returns it. */
  items: string[];
}

export async function readPdf(buf: Uint8Array): Promise<PdfText> {
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const doc = await getDocument({ data: new Uint8Array(buf), isEvalSupported: false, verbosity: 0 }).promise;
  const out: PdfText = { pages: doc.numPages, pageTexts: [], items: [] };
  try {
    for (let n = 1; n <= doc.numPages; n += 1) {
      const page = await doc.getPage(n);
      const content = await page.getTextContent();
      let text = '';
      for (const item of content.items) {
        if (!('str' in item)) continue;
        out.items.push(item.str);
        text += item.str + (item.hasEOL ? '\n' : ' ');
      }
      out.pageTexts.push(text.replace(/[ \t]+/g, ' '));
    }
  } finally {
    await doc.destroy();
  }
  return out;
}

export async function pdfText(bytes: Uint8Array): Promise<string> {
  return (await readPdf(bytes)).pageTexts.join('\n');
}
