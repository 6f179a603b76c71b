/**
 * Word boxes built by hand for the layout reader's tests (issue 18): each word placed where a printed invoice would
 * put it, 10 px per character, 20 px high unless told, so the column logic is tested without OCR.
 */
import type { WordBox } from '~/server/extraction/layout/words';

/** Words of one printed line: `[text, x]` pairs; a text with spaces is split into words 10 px per character apart. */
export function line(y: number, cells: [string, number][], conf = 0.9, height = 20): WordBox[] {
  const out: WordBox[] = [];
  for (const [text, x] of cells) {
    let at = x;
    for (const word of text.split(' ')) {
      if (word) out.push({ text: word, x0: at, x1: at + word.length * 10, y0: y, y1: y + height, conf });
      at += (word.length + 1) * 10;
    }
  }
  return out;
}
