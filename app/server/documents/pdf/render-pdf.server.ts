/**
 * PDF documents made on the server with pdfmake 0.3 (Node build; issue 14 "Documents"): estimates, supplements,
 * approval certificates and repair invoices are pdfmake document definitions (see ./pdf-parts.server.ts) rendered here.
 *
 * - `renderPdf(definition)` → the PDF bytes (a Buffer). Page size Letter unless the definition says otherwise; the
 *   default style is Roboto 9 pt. Throws what pdfmake throws (an invalid image, an unknown font name).
 * - Fonts: the Roboto TTFs shipped inside the pdfmake package (`pdfmake/fonts/Roboto/*.ttf`), found at run time next
 *   to the package's package.json, so the same code works from source (tsx, Vitest) and from the built server
 *   (pdfmake stays external in vite.config.ts, its files are read from node_modules). Nothing is downloaded.
 *   Roboto covers Latin, Greek and Cyrillic (accents are fine). Every string of a definition goes through
 *   `printable` first: a character Roboto has no glyph for would be drawn as an empty box, so emoji (with their
 *   joiners, variation selectors and skin tones) are left out and other missing characters (CJK, arrows) become "?";
 *   tabs and other control characters become spaces, CR LF becomes LF. Text stays otherwise as given.
 * - pdfmake is loaded on first use (../../load-on-use.server.ts), not at start; the first render also parses fonts.
 * - Access policies: pdfmake may fetch URLs and read local files named in a definition. Here it may read the four
 *   font files and nothing else, and fetch no URL: images are passed as data URLs (`imageDataUrl`).
 * - Rendering is synchronous work inside pdfmake (layout and deflate): about a few hundred milliseconds for a 150-line
 *   estimate (scripts/bench-pdf.ts), during which this thread serves nothing else.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import type { TDocumentDefinitions } from 'pdfmake/interfaces';
import { loadPdfmake } from '~/server/load-on-use.server';

type Pdfmake = Awaited<ReturnType<typeof loadPdfmake>>;

/** The part of fontkit (pdfkit's font parser) used here: whether the font maps a code point to a glyph. */
interface FontkitFont {
  hasGlyphForCodePoint(codePoint: number): boolean;
}

/** The one font family of every document. */
export const PDF_FONT = 'Roboto';

let ready: Promise<{ pdfmake: Pdfmake; hasGlyph: (codePoint: number) => boolean }> | undefined;

/** The Roboto files inside the installed pdfmake package, by pdfmake's style names. */
function robotoFiles(): { normal: string; bold: string; italics: string; bolditalics: string } {
  const dir = path.join(
    path.dirname(createRequire(import.meta.url).resolve('pdfmake/package.json')),
    'fonts',
    'Roboto',
  );
  return {
    normal: path.join(dir, 'Roboto-Regular.ttf'),
    bold: path.join(dir, 'Roboto-Medium.ttf'),
    italics: path.join(dir, 'Roboto-Italic.ttf'),
    bolditalics: path.join(dir, 'Roboto-MediumItalic.ttf'),
  };
}

/**
 * pdfmake with our fonts and policies, set once per process, and Roboto's glyph coverage (read with the fontkit that
 * pdfkit uses, found from pdfkit's own folder; its answers are cached per code point).
 */
function pdfmakeReady(): NonNullable<typeof ready> {
  ready ??= loadPdfmake()
    .then((pdfmake) => {
      const files = robotoFiles();
      const allowed = new Set(Object.values(files));
      pdfmake.setFonts({ [PDF_FONT]: files });
      pdfmake.setUrlAccessPolicy(() => false);
      pdfmake.setLocalAccessPolicy((file) => allowed.has(file));
      const fromPdfmake = createRequire(createRequire(import.meta.url).resolve('pdfmake/package.json'));
      const fontkit = createRequire(fromPdfmake.resolve('pdfkit'))('fontkit') as {
        openSync(file: string): FontkitFont;
      };
      const font = fontkit.openSync(files.normal);
      const known = new Map<number, boolean>();
      const hasGlyph = (codePoint: number) => {
        let has = known.get(codePoint);
        if (has === undefined) known.set(codePoint, (has = font.hasGlyphForCodePoint(codePoint)));
        return has;
      };
      return { pdfmake, hasGlyph };
    })
    .catch((error: unknown) => {
      ready = undefined;
      throw error;
    });
  return ready;
}

/** Renders a pdfmake document definition to PDF bytes. */
export async function renderPdf(definition: TDocumentDefinitions): Promise<Buffer> {
  const { pdfmake, hasGlyph } = await pdfmakeReady();
  const clean = <T>(value: T): T => printableDeep(value, hasGlyph);
  const { footer, header } = definition;
  return pdfmake
    .createPdf({
      pageSize: 'LETTER',
      ...clean(definition),
      header: typeof header === 'function' ? (...args) => clean(header(...args)) : clean(header),
      footer: typeof footer === 'function' ? (...args) => clean(footer(...args)) : clean(footer),
      defaultStyle: { font: PDF_FONT, fontSize: 9, ...definition.defaultStyle },
    })
    .getBuffer();
}

/** Emoji and the characters that only shape them (joiner, variation selectors, skin tones, keycap, regional flags). */
const EMOJI =
  /\p{Emoji_Modifier}|\p{Regional_Indicator}|\u200d|\ufe0e|\ufe0f|\u20e3|(?![\u00a9\u00ae\u2122])\p{Extended_Pictographic}/u;
/** Printable ASCII and line feeds: Roboto draws all of it, the fast path for most strings (and data URLs). */
const PLAIN = /^[\x20-\x7e\n]*$/;

/**
 * `text` with only characters the font can draw (see the module comment): emoji dropped, other characters without a
 * glyph as "?", control characters as spaces, CR LF and CR as LF.
 */
export function printable(text: string, hasGlyph: (codePoint: number) => boolean): string {
  if (PLAIN.test(text)) return text;
  let out = '';
  for (const char of text.replace(/\r\n?/g, '\n')) {
    const codePoint = char.codePointAt(0)!;
    if (char === '\n') out += char;
    else if (codePoint < 0x20 || (codePoint >= 0x7f && codePoint < 0xa0)) out += ' ';
    else if (EMOJI.test(char)) continue;
    else out += hasGlyph(codePoint) ? char : '?';
  }
  return out;
}

/** A copy of `value` with `printable` applied to every string in its plain objects and arrays (functions kept). */
function printableDeep<T>(value: T, hasGlyph: (codePoint: number) => boolean): T {
  if (typeof value === 'string') return printable(value, hasGlyph) as T;
  if (Array.isArray(value)) return value.map((item: unknown) => printableDeep(item, hasGlyph)) as T;
  if (value === null || typeof value !== 'object') return value;
  const proto = Object.getPrototypeOf(value) as unknown;
  if (proto !== Object.prototype && proto !== null) return value;
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) out[key] = printableDeep(item, hasGlyph);
  return out as T;
}

/** An image (logo, drawn signature) as the data URL pdfmake takes: no file or URL is read for it. */
export function imageDataUrl(data: Buffer, contentType: 'image/png' | 'image/jpeg'): string {
  return `data:${contentType};base64,${data.toString('base64')}`;
}
