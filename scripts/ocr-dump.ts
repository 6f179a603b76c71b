/**
 * `tsx scripts/ocr-dump.ts FILE [--lines] [--png OUT]`: debugging aid for the offline reader (issue 18). Prints the
 * OCR's words (text, box, confidence, Tesseract line) of one image, or the grouped lines with `--lines`, and writes the
 * prepared (grey, cleaned) page to OUT with `--png`. Tuning data only.
 */
import fs from 'node:fs';
import { closeOcrWorker, recognizeWords } from '../app/server/extraction/ocr.server';
import { groupLines } from '../app/server/extraction/layout/words';

const args = process.argv.slice(2);
const file = args[0]!;
const page = await recognizeWords(new Uint8Array(fs.readFileSync(file)));
const png = args.indexOf('--png');
if (png >= 0) fs.writeFileSync(args[png + 1]!, page.prepared);
if (args.includes('--lines')) {
  for (const l of groupLines(page.words)) console.log(`${Math.round(l.y0)}-${Math.round(l.y1)} ${l.words.map((w) => `${w.text}@${Math.round(w.x0)}(${w.conf.toFixed(2)})`).join(' ')}`);
} else for (const w of page.words) console.log(`${w.lineKey} ${w.text} [${w.x0},${w.y0},${w.x1},${w.y1}] ${w.conf.toFixed(2)}`);
await closeOcrWorker();
