/**
 * The cycle-time report (issue 17 §4) on a fixed fixture with hand-computed figures, through the domain function, the
 * page loader and the CSV route. Shop time zone America/Chicago (the test default): October 2026 is CDT, UTC−5.
 *
 * Range 2026-10-05 (Monday) … 2026-10-18 (Sunday), i.e. [2026-10-05T05:00Z, 2026-10-19T05:00Z).
 *
 * A: created 10-01 14:00Z → Repairs Started 10-03 14:00Z → Paint 10-06 14:00Z → Ready 10-07 14:00Z (local 10-07).
 *    ES 2 d, RS 3 d, Paint 1 d; key-to-key 6 d. ETA 10-07 → on time. Clocked 8 h + 4 h = 12 h (+ an open entry, not
 *    counted). Approved v1 $1,000.00, approved supplement v2 $1,500.00, declined v3 $9,999.99 → value 150000 cents.
 * B: created 10-10 15:00Z → Parts Ordered 10-11 15:00Z → Repairs Started 10-13 15:00Z → Ready 10-14 15:00Z →
 *    Quality Check 10-14 21:00Z → Ready 10-15 03:00Z (local 10-14 22:00, so delivered on 10-14 in the shop).
 *    ES 1 d, PO 2 d, RS 1 d, Ready 0.25 d, QC 0.25 d; key-to-key 4.5 d. ETA 10-14 → on time (in UTC it would be late).
 *    Clocked 6 h. Approved v1 $500.01 → 50001 cents.
 * C: created 10-12 13:00Z → Repairs Started 10-13 13:00Z → Ready 10-18 13:00Z. ES 1 d, RS 5 d; key-to-key 6 d.
 *    ETA 10-16 → late. No time. Only a sent (not approved) version → no value.
 * F: created 10-16 04:30Z → Ready 10-19 04:30Z (local 10-18 23:30: inside). ES 3 d; key-to-key 3 d. No ETA.
 * Not delivered in the range:
 * D: Ready 10-05 04:00Z = local 10-04 23:00 (the day before `from`).
 * G: Ready 10-19 05:30Z = local 10-19 00:30 (the day after `to`).
 * E: Ready 10-08 14:00Z, then sent back to Paint 10-09 (current status Paint).
 *
 * Expected (4 delivered: A, B, C, F):
 * - key-to-key: (6 + 4.5 + 6 + 3) / 4 = 19.5 / 4 = 4.875 → 4.9 days; total 19.5 days.
 * - stages (total ÷ 4): ES (2+1+1+3)=7 → 1.75 → 1.8 (n 4); PO 2 → 0.5 (n 1); RS (3+1+5)=9 → 2.25 → 2.3 (n 3);
 *   Paint 1 → 0.25 → 0.3 (n 1); QC 0.25 → 0.0625 → 0.1 (n 1); Ready 0.25 → 0.1 (n 1); Parts Received, Complete 0.
 *   7 + 2 + 9 + 1 + 0.25 + 0.25 = 19.5 = the key-to-key total.
 * - touch: 12 + 6 = 18 h = 180 tenths; per day 18 / 19.5 = 0.923… → 0.92 h/day.
 * - on time: A, B of A, B, C → 2 / 3 = 66.67 % → 66.7; without a date: F → 1.
 * - per week: week of 10-05: A → 1; week of 10-12: B (10-14), C (10-18), F (10-18) → 3.
 * - repair value: (150000 + 50001) / 2 = 100000.5 → 100001 cents (half up); 2 with an approved estimate.
 */
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import * as reportsCsv from '~/routes/resources/reports-csv';
import * as reportsPage from '~/routes/admin/reports';
import type { WorkOrderStatus } from '~/lib/work-order-status';
import { customerDocuments, estimates, estimateVersions, timeEntries, workOrders, workOrderStatusHistory } from '~/server/db/schema';
import { computeCycleTimeReport } from '~/server/reports/cycle-time.server';
import { cycleTimeReportCsv } from '~/server/reports/report-csv.server';
import { createAccount, makeRequest, settle, testContext, type TestAccount } from '../setup/factories';
import { withTestDatabase } from '../setup/test-db';
import { createCustomerWithWorkOrder } from './helpers';

const t = withTestDatabase();
const RANGE = { from: '2026-10-05', to: '2026-10-18' };
let owner: TestAccount;
let tech: TestAccount;

type Step = [WorkOrderStatus, string];

async function workOrderWith(steps: Step[], options: { eta?: string; current?: WorkOrderStatus } = {}) {
  const { workOrder, customer } = await createCustomerWithWorkOrder();
  const current = options.current ?? steps[steps.length - 1]![0];
  await t.db
    .update(workOrders)
    .set({ currentStatus: current, estimatedCompletionDate: options.eta ?? null })
    .where(eq(workOrders.id, workOrder.id));
  await t.db.insert(workOrderStatusHistory).values(
    steps.map(([status, at], i) => ({
      workOrderId: workOrder.id,
      fromStatus: i === 0 ? null : steps[i - 1]![0],
      toStatus: status,
      createdAt: new Date(at),
    })),
  );
  return { workOrder, customer };
}

async function clocked(workOrderId: string, entries: [string, string | null][]) {
  await t.db
    .insert(timeEntries)
    .values(entries.map(([s, e]) => ({ workOrderId, technicianId: tech.userId, startedAt: new Date(s), endedAt: e ? new Date(e) : null })));
}

async function versions(wo: { workOrder: { id: string }; customer: { id: string } }, list: ['sent' | 'approved' | 'declined', number][]) {
  const [estimate] = await t.db.insert(estimates).values({ workOrderId: wo.workOrder.id }).returning();
  for (const [i, [state, totalCents]] of list.entries()) {
    const [doc] = await t.db
      .insert(customerDocuments)
      .values({
        workOrderId: wo.workOrder.id,
        customerId: wo.customer.id,
        documentType: 'quote',
        bucket: 'customer-files',
        fileKey: `k-${crypto.randomUUID()}`,
        fileName: 'estimate.pdf',
        contentType: 'application/pdf',
        sizeBytes: 1,
      })
      .returning();
    await t.db.insert(estimateVersions).values({
      estimateId: estimate!.id,
      workOrderId: wo.workOrder.id,
      versionNumber: i + 1,
      kind: i === 0 ? 'estimate' : 'supplement',
      state,
      lines: [],
      totals: {},
      taxRule: {},
      totalCents,
      documentId: doc!.id,
      pdfSha256: 'x',
    });
  }
}

beforeAll(async () => {
  owner = await createAccount({ admin: true, role: 'owner' });
  tech = await createAccount({ admin: true, role: 'technician' });
  const a = await workOrderWith(
    [
      ['Estimate Scheduled', '2026-10-01T14:00:00Z'],
      ['Repairs Started', '2026-10-03T14:00:00Z'],
      ['Paint', '2026-10-06T14:00:00Z'],
      ['Ready for Pickup', '2026-10-07T14:00:00Z'],
    ],
    { eta: '2026-10-07' },
  );
  await clocked(a.workOrder.id, [
    ['2026-10-04T13:00:00Z', '2026-10-04T21:00:00Z'],
    ['2026-10-06T15:00:00Z', '2026-10-06T19:00:00Z'],
  ]);
  await versions(a, [
    ['approved', 100_000],
    ['approved', 150_000],
    ['declined', 999_999],
  ]);
  const b = await workOrderWith(
    [
      ['Estimate Scheduled', '2026-10-10T15:00:00Z'],
      ['Parts Ordered', '2026-10-11T15:00:00Z'],
      ['Repairs Started', '2026-10-13T15:00:00Z'],
      ['Ready for Pickup', '2026-10-14T15:00:00Z'],
      ['Quality Check', '2026-10-14T21:00:00Z'],
      ['Ready for Pickup', '2026-10-15T03:00:00Z'],
    ],
    { eta: '2026-10-14' },
  );
  await clocked(b.workOrder.id, [['2026-10-13T15:00:00Z', '2026-10-13T21:00:00Z']]);
  await versions(b, [['approved', 50_001]]);
  const c = await workOrderWith(
    [
      ['Estimate Scheduled', '2026-10-12T13:00:00Z'],
      ['Repairs Started', '2026-10-13T13:00:00Z'],
      ['Ready for Pickup', '2026-10-18T13:00:00Z'],
    ],
    { eta: '2026-10-16' },
  );
  await versions(c, [['sent', 70_000]]);
  await workOrderWith([
    ['Estimate Scheduled', '2026-10-16T04:30:00Z'],
    ['Ready for Pickup', '2026-10-19T04:30:00Z'],
  ]);
  // D, G: just outside the range in the shop's time zone; E: delivered, then sent back.
  const d = await workOrderWith([
    ['Estimate Scheduled', '2026-10-04T12:00:00Z'],
    ['Ready for Pickup', '2026-10-05T04:00:00Z'],
  ]);
  await clocked(d.workOrder.id, [['2026-10-04T13:00:00Z', '2026-10-04T23:00:00Z']]);
  await workOrderWith([
    ['Estimate Scheduled', '2026-10-15T04:30:00Z'],
    ['Ready for Pickup', '2026-10-19T05:30:00Z'],
  ]);
  await workOrderWith(
    [
      ['Estimate Scheduled', '2026-10-06T12:00:00Z'],
      ['Ready for Pickup', '2026-10-08T14:00:00Z'],
      ['Paint', '2026-10-09T14:00:00Z'],
    ],
    { current: 'Paint' },
  );
  // A's technician is still clocked in somewhere: an open entry on A is not touch time yet.
  await clocked(a.workOrder.id, [['2026-10-07T13:00:00Z', null]]);
});

describe('computeCycleTimeReport', () => {
  it('computes every figure of the fixture', async () => {
    const report = await computeCycleTimeReport(t.db, RANGE);
    expect(report).toMatchObject({
      from: '2026-10-05',
      to: '2026-10-18',
      timeZone: 'America/Chicago',
      delivered: 4,
      keyToKeyDays: 4.9,
      totalDaysInShop: 19.5,
      touchTenths: 180,
      touchHoursPerDay: 0.92,
      onTime: { onTime: 2, withDate: 3, withoutDate: 1, ratePercent: 66.7 },
      perWeek: [
        { weekStart: '2026-10-05', delivered: 1 },
        { weekStart: '2026-10-12', delivered: 3 },
      ],
      repairValue: { averageCents: 100_001, withApprovedEstimate: 2 },
    });
    expect(report.stages).toEqual([
      { status: 'Estimate Scheduled', averageDays: 1.8, entries: 4 },
      { status: 'Parts Ordered', averageDays: 0.5, entries: 1 },
      { status: 'Parts Received', averageDays: 0, entries: 0 },
      { status: 'Repairs Started', averageDays: 2.3, entries: 3 },
      { status: 'Paint', averageDays: 0.3, entries: 1 },
      { status: 'Quality Check', averageDays: 0.1, entries: 1 },
      { status: 'Complete', averageDays: 0, entries: 0 },
      { status: 'Ready for Pickup', averageDays: 0.1, entries: 1 },
    ]);
  });

  it('moves the boundaries with the shop day: one day earlier takes D in, and a range with nothing is empty', async () => {
    // D (local 10-04 23:00) joins; its week (Monday 09-28) is listed. Delivered 5.
    const wider = await computeCycleTimeReport(t.db, { from: '2026-10-04', to: '2026-10-18' });
    expect(wider.delivered).toBe(5);
    expect(wider.perWeek[0]).toEqual({ weekStart: '2026-09-28', delivered: 1 });
    const empty = await computeCycleTimeReport(t.db, { from: '2025-01-01', to: '2025-01-07' });
    expect(empty).toMatchObject({ delivered: 0, keyToKeyDays: null, touchHoursPerDay: null, touchTenths: 0 });
    expect(empty.onTime.ratePercent).toBeNull();
    expect(empty.repairValue.averageCents).toBeNull();
    expect(empty.stages.every((s) => s.averageDays === null)).toBe(true);
  });
});

describe('the page and the CSV', () => {
  const args = (url: string, cookie?: string) => ({ request: makeRequest(url, { cookie }), params: {}, context: testContext }) as never;

  it('shows the report for the range in the URL, and field errors for a bad one', async () => {
    const page = await reportsPage.loader(args(`/admin/reports?from=${RANGE.from}&to=${RANGE.to}`, owner.cookie));
    expect(page.report?.delivered).toBe(4);
    const bad = await reportsPage.loader(args('/admin/reports?from=2026-10-18&to=2026-10-05', owner.cookie));
    expect(bad.report).toBeNull();
    expect(bad.fieldErrors.to).toBe('The end date must not be before the start date.');
    const garbage = await reportsPage.loader(args('/admin/reports?from=yesterday&to=2026-02-30', owner.cookie));
    expect(garbage.report).toBeNull();
    expect(Object.keys(garbage.fieldErrors).sort()).toEqual(['from', 'to']);
  });

  it('refuses a technician (403) and serves the owner a CSV with the figures', async () => {
    const { thrown } = await settle(() => reportsPage.loader(args('/admin/reports', tech.cookie)));
    expect((thrown as Response).status).toBe(403);
    const csvRefused = await settle(() => reportsCsv.loader(args('/admin/reports.csv', tech.cookie)));
    expect((csvRefused.thrown as Response).status).toBe(403);

    const response = await reportsCsv.loader(args(`/admin/reports.csv?from=${RANGE.from}&to=${RANGE.to}`, owner.cookie));
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('Content-Disposition')).toBe('attachment; filename="cycle-time-2026-10-05-to-2026-10-18.csv"');
    const text = await response.text();
    const lines = text.split('\r\n');
    expect(lines[0]).toBe('section,figure,value,unit,definition');
    const row = (figure: string) => lines.find((l) => l.split(',')[1] === figure)?.split(',').slice(0, 4).join(',');
    expect(row('Delivered work orders')).toBe('summary,Delivered work orders,4,work orders');
    expect(row('Key-to-key days (average)')).toBe('summary,Key-to-key days (average),4.9,days');
    expect(row('Touch time')).toBe('summary,Touch time,18.0,hours');
    expect(row('Touch time per day in the shop')).toBe('summary,Touch time per day in the shop,0.92,hours per day');
    expect(row('On-time rate')).toBe('summary,On-time rate,66.7,percent');
    expect(row('Average repair value')).toBe('summary,Average repair value,1000.01,dollars');
    expect(row('Repairs Started')).toBe('stage,Repairs Started,2.3,days (average)');
    expect(row('2026-10-12')).toBe('week,2026-10-12,3,work orders delivered');
    // Definitions with commas are quoted by the CSV writer.
    expect(text).toContain('summary,On-time rate,66.7,percent,"On-time rate: of the delivered work orders with an estimated completion date, the share');
    expect(text).toBe(cycleTimeReportCsv(await computeCycleTimeReport(t.db, RANGE)));

    const bad = await reportsCsv.loader(args('/admin/reports.csv?from=2026-10-18&to=2026-10-01', owner.cookie));
    expect(bad.status).toBe(400);
  });
});
