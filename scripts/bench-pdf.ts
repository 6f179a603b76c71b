/**
 * `npx tsx scripts/bench-pdf.ts`: how long a 150-line estimate PDF takes to render (issue 14 target: ≤ 1 s each).
 *
 * `benchEstimatePdf()` renders the same insured estimate (100 parts, 40 labor operations, paint & materials, sublets,
 * fees, a discount; a 200×60 PNG logo) once on its own — that first render loads pdfmake and parses the fonts — then
 * 20 times more, and returns `{ lines, pages, bytes, p50Ms, p95Ms, firstMs }` (times in milliseconds, wall clock;
 * pages read back with app/server/extraction/pdf.server.ts, on its own thread). Run as a script it prints them on one
 * line and exits with code 1 when p95 is over 1 000 ms.
 */
import { pathToFileURL } from 'node:url';
import { type EstimateLine, blankLine } from '../app/lib/estimates/lines';
import { DEFAULT_TAX_RULE, computeTotals } from '../app/lib/estimates/totals';
import { renderEstimatePdf } from '../app/server/documents/pdf/estimate-pdf.server';
import { readPdfText } from '../app/server/extraction/pdf.server';
import { loadSharp } from '../app/server/load-on-use.server';

const RUNS = 20;
const TARGET_MS = 1000;

/** 150 lines as a real front-end hit might have them; amounts vary so no two lines are the same. */
export function benchLines(): EstimateLine[] {
  const lines: EstimateLine[] = [];
  const add = (line: EstimateLine, fields: Partial<EstimateLine>) => lines.push({ ...line, ...fields });
  for (let i = 1; i <= 100; i += 1) {
    add(
      blankLine(`p${i}`, 'part', `Bumper reinforcement bracket, clip or retainer ${i} (front, left side)`),
      {
        partNumber: `52${String(10000 + i * 37)}-06${String(i % 100).padStart(3, '0')}`,
        partType: i % 4 === 0 ? 'aftermarket' : 'oem',
        quantity: 1 + (i % 3),
        unitPriceCents: 850 + i * 211,
        bettermentPercent: i % 25 === 0 ? 20 : 0,
      },
    );
  }
  for (let i = 1; i <= 40; i += 1) {
    add(blankLine(`l${i}`, 'labor', `Repair operation ${i}: R&I, align and refinish panel`), {
      laborType: i % 3 === 0 ? 'refinish' : i % 3 === 1 ? 'body' : 'mechanical',
      hoursTenths: 2 + (i % 17),
      rateCents: i % 3 === 1 ? 5800 : 6400,
    });
  }
  add(blankLine('m1', 'paint_materials', 'Paint & materials'), { materialsMode: 'rate', rateCents: 4200 });
  for (let i = 1; i <= 3; i += 1) {
    add(blankLine(`s${i}`, 'sublet', `Sublet ${i}: alignment / ADAS calibration`), {
      vendor: 'Lone Star Alignment',
      amountCents: 12995 + i * 1000,
    });
  }
  for (let i = 1; i <= 5; i += 1) {
    add(blankLine(`f${i}`, 'fee', `Fee ${i}: hazardous waste, storage`), {
      amountCents: 1500 * i,
      customerPay: i === 5,
    });
  }
  add(blankLine('d1', 'discount', 'Loyalty discount'), { amountCents: 5000, discountAppliesTo: 'labor' });
  return lines;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

export async function benchEstimatePdf(): Promise<{
  lines: number;
  pages: number;
  bytes: number;
  p50Ms: number;
  p95Ms: number;
  firstMs: number;
}> {
  const sharp = await loadSharp();
  const logo = await sharp({ create: { width: 200, height: 60, channels: 3, background: '#1d4ed8' } })
    .png()
    .toBuffer();
  const lines = benchLines();
  const deductibleCents = 50000;
  const input = {
    shop: {
      name: 'Hill Country Collision & Paint',
      addressLines: ['1200 Ranch Road 620 N', 'Austin, TX 78734'],
      phone: '(512) 555-0199',
      email: 'office@hillcountrycollision.example',
      logo: { data: logo, contentType: 'image/png' as const },
    },
    title: 'Estimate',
    versionLabel: 'Version 1 · sent Nov 24, 2026',
    workOrderNumber: 'WO-10427',
    customer: {
      name: 'María José Núñez',
      email: 'mj@example.com',
      phone: '(512) 555-0123',
      address: '77 Oak St',
    },
    vehicle: {
      year: 2021,
      make: 'Toyota',
      model: 'Camry SE',
      color: 'Silver',
      vin: '4T1G11AK5MU123456',
      licensePlate: 'LKX-4821',
      odometer: 45210,
    },
    claim: {
      insurerName: 'Lone Star Mutual',
      claimNumber: 'LSM-2026-0048213',
      policyNumber: null,
      adjusterName: 'Dana Whitfield',
      adjusterPhone: null,
      adjusterEmail: null,
      deductibleCents,
      dateOfLoss: 'Nov 18, 2026',
      pointOfImpact: 'Front left',
      directRepairProgram: false,
    },
    lines,
    totals: computeTotals(lines, DEFAULT_TAX_RULE, deductibleCents),
    changes: null,
    previousTotalCents: null,
    terms: 'Estimate valid for 30 days.\nHidden damage found during repair is added as a supplement.',
  };

  let started = performance.now();
  const first = await renderEstimatePdf(input);
  const firstMs = performance.now() - started;
  const times: number[] = [];
  let last = first;
  for (let run = 0; run < RUNS; run += 1) {
    started = performance.now();
    last = await renderEstimatePdf(input);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const { pages } = await readPdfText(last);
  const round = (ms: number) => Math.round(ms * 10) / 10;
  return {
    lines: lines.length,
    pages,
    bytes: last.length,
    p50Ms: round(percentile(times, 50)),
    p95Ms: round(percentile(times, 95)),
    firstMs: round(firstMs),
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const result = await benchEstimatePdf();
  console.log(
    `estimate PDF: ${result.lines} lines, ${result.pages} pages, ${result.bytes} bytes; ` +
      `first ${result.firstMs} ms, p50 ${result.p50Ms} ms, p95 ${result.p95Ms} ms (${RUNS} runs; target ≤ ${TARGET_MS} ms)`,
  );
  if (result.p95Ms > TARGET_MS) process.exitCode = 1;
}
