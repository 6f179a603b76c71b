import fs from 'node:fs';
import { recognizeWords, recognizeTopSparse, closeOcrWorker } from '../app/server/extraction/ocr.server';
import { groupLines } from '../app/server/extraction/layout/words';
const page = await recognizeWords(new Uint8Array(fs.readFileSync(process.argv[2]!)));
const top = await recognizeTopSparse(page.prepared, Number(process.argv[3] ?? 400));
for (const [name, ws] of [['page', page.words], ['sparse', top]] as const) {
  console.log('==', name);
  for (const l of groupLines(ws).slice(0, 6)) console.log(Math.round(l.y0), l.words.map((w) => `${w.text}@${Math.round(w.x0)}h${Math.round(w.y1 - w.y0)}c${w.conf.toFixed(2)}`).join(' '));
}
await closeOcrWorker();
