/**
 * `npm run bench` (third part): issue 16's measured target "Free slots for 60 days computed in ≤ 20 ms". Runs the
 * pure `freeSlots` (app/server/booking/slots.ts) over 60 days of the default hours (Mo–Fr 08:00–18:00, Sa 09:00–13:00,
 * 30-minute slots, capacity 2) with a closure and 300 booked appointments, in the shop's zone. Prints p50/p95/max in ms
 * (wall clock) and exits 1 when p95 is over 20 ms. Options: BENCH_RUNS (default 200).
 */
import { freeSlots, type SlotRules } from '~/server/booking/slots';

const RUNS = Number(process.env.BENCH_RUNS ?? 200);
const TARGET_MS = 20;

const weekday = [{ open: '08:00', close: '18:00' }];
const rules: SlotRules = {
  weeklyHours: [weekday, weekday, weekday, weekday, weekday, [{ open: '09:00', close: '13:00' }], []],
  closures: ['2026-12-25', '2027-01-01'],
  slotMinutes: 30,
  capacity: 2,
  daysAhead: 60,
  leadHours: 2,
  timeZone: 'America/Chicago',
};
const now = new Date('2026-11-24T15:00:00Z');
// 300 appointments spread over the next 60 days at slot starts (every 4 hours from a shop-time slot boundary).
const booked = Array.from({ length: 300 }, (_, i) => new Date(Date.parse('2026-11-25T14:00:00Z') + i * 4 * 3_600_000));

for (let i = 0; i < 10; i++) freeSlots(rules, booked, now); // warm-up
const samples: number[] = [];
let slots = 0;
for (let i = 0; i < RUNS; i++) {
  const t0 = performance.now();
  const days = freeSlots(rules, booked, now);
  samples.push(performance.now() - t0);
  slots = days.reduce((n, d) => n + d.slots.length, 0);
}
samples.sort((a, b) => a - b);
const pick = (p: number) => samples[Math.min(samples.length - 1, Math.ceil((p / 100) * samples.length) - 1)]!;
const p95 = pick(95);
console.log('| Free slots, 60 days (freeSlots) | p50 ms | p95 ms | max ms | slots | target |');
console.log('|---|---|---|---|---|---|');
console.log(`| ${RUNS} runs | ${pick(50).toFixed(2)} | ${p95.toFixed(2)} | ${samples.at(-1)!.toFixed(2)} | ${slots} | ≤ ${TARGET_MS} ms |`);
if (p95 > TARGET_MS) {
  console.error(`Free slots p95 ${p95.toFixed(2)} ms is over the ${TARGET_MS} ms target.`);
  process.exitCode = 1;
}
