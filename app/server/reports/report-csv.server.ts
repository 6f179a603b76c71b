/**
 * The cycle-time report as CSV (issue 17 §4), written with csv-stringify (a maintained CSV writer: quoting, commas and
 * line breaks inside fields). One row per figure: `section, figure, value, unit, definition`; stages and weeks are a
 * row each. Numbers are plain (no currency sign or grouping) so spreadsheets read them: money in dollars with two
 * decimals from integer cents, touch time in hours with one decimal from tenths.
 */
import { stringify } from 'csv-stringify/sync';
import { REPORT_DEFINITIONS as D } from '~/lib/reports';
import { centsToInput, formatTenths } from '~/lib/money';
import type { CycleTimeReport } from './cycle-time.server';

const num = (v: number | null) => (v === null ? '' : String(v));

/** `report` → CSV text with a header row (RFC 4180, CRLF line ends). */
export function cycleTimeReportCsv(report: CycleTimeReport): string {
  const rows: (string | number)[][] = [
    ['section', 'figure', 'value', 'unit', 'definition'],
    ['range', 'from', report.from, 'date', `Shop time zone ${report.timeZone}`],
    ['range', 'to', report.to, 'date', 'Inclusive'],
    ['summary', 'Delivered work orders', report.delivered, 'work orders', D.delivered],
    ['summary', 'Key-to-key days (average)', num(report.keyToKeyDays), 'days', `${D.keyToKey} ${D.arrival} ${D.deliveryMoment}`],
    ['summary', 'Touch time', formatTenths(report.touchTenths), 'hours', 'Clocked hours on the delivered work orders.'],
    ['summary', 'Touch time per day in the shop', num(report.touchHoursPerDay), 'hours per day', D.touchPerDay],
    ['summary', 'On-time rate', num(report.onTime.ratePercent), 'percent', D.onTime],
    ['summary', 'On time', report.onTime.onTime, 'work orders', 'Delivered on or before the estimated completion date.'],
    ['summary', 'With an estimated completion date', report.onTime.withDate, 'work orders', ''],
    ['summary', 'Without an estimated completion date', report.onTime.withoutDate, 'work orders', ''],
    [
      'summary',
      'Average repair value',
      report.repairValue.averageCents === null ? '' : centsToInput(report.repairValue.averageCents),
      'dollars',
      D.repairValue,
    ],
    ['summary', 'With an approved estimate', report.repairValue.withApprovedEstimate, 'work orders', ''],
    ...report.stages.map((s) => ['stage', s.status, num(s.averageDays), 'days (average)', `Entered ${s.entries} times. ${D.stages}`]),
    ...report.perWeek.map((w) => ['week', w.weekStart, w.delivered, 'work orders delivered', D.perWeek]),
  ];
  return stringify(rows, { record_delimiter: 'windows' });
}
