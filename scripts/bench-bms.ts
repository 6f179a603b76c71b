/**
 * `npx tsx scripts/bench-bms.ts`: how long parsing a CIECA BMS estimate takes (issue 14, item 5), on the largest file
 * in tests/fixtures/bms. Parsing only; the import route adds its database writes on top.
 *
 * `benchBmsImport()` parses that file 30 times (after 3 warm-up runs) and returns
 * `{ file, bytes, p50Ms, p95Ms }`: the file name, its size in bytes and the median and 95th-percentile wall time of
 * one `parseBmsEstimate` call in milliseconds (nearest-rank percentiles). Throws what the parser throws.
 */
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseBmsEstimate } from '../app/server/estimates/bms/parse-bms.server';

const dir = path.resolve(import.meta.dirname, '../tests/fixtures/bms');
const RUNS = 30;
const WARM_UP = 3;

function percentile(sorted: readonly number[], p: number): number {
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length));
  return sorted[rank - 1] ?? Number.NaN;
}

export async function benchBmsImport(): Promise<{
  file: string;
  bytes: number;
  p50Ms: number;
  p95Ms: number;
}> {
  const candidates = fs
    .readdirSync(dir)
    .filter((name) => name.endsWith('.xml') && !name.startsWith('not-bms'))
    .map((name) => ({ name, bytes: fs.statSync(path.join(dir, name)).size }))
    .sort((a, b) => b.bytes - a.bytes);
  const largest = candidates[0];
  if (!largest) throw new Error(`No BMS fixtures in ${dir}`);
  const data = fs.readFileSync(path.join(dir, largest.name));
  for (let i = 0; i < WARM_UP; i++) parseBmsEstimate(data);
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    parseBmsEstimate(data);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const round = (ms: number) => Math.round(ms * 1000) / 1000;
  return {
    file: largest.name,
    bytes: largest.bytes,
    p50Ms: round(percentile(times, 50)),
    p95Ms: round(percentile(times, 95)),
  };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const result = await benchBmsImport();
  console.log(
    `bench-bms: ${result.file} (${result.bytes} bytes), ${RUNS} parses: p50 ${result.p50Ms} ms, p95 ${result.p95Ms} ms`,
  );
}
