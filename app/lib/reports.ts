/**
 * The cycle-time report's figures (issue 17 §4): each one's name, unit and definition, shared by /admin/reports,
 * its CSV and docs/reports.md (keep the three in step). The numbers come from app/server/reports/cycle-time.server.ts.
 */

export const REPORT_DEFINITIONS = {
  delivered:
    'Work orders whose latest move to “Ready for Pickup” fell on a day in the range (shop time zone) and that are still in Ready for Pickup.',
  arrival: 'Arrival: the first entry of the work order’s status history (written when the work order is opened at check-in).',
  deliveryMoment: 'Delivery: the latest move to “Ready for Pickup”, the last status of the list.',
  keyToKey: 'Key-to-key days: from arrival to delivery (hours ÷ 24), averaged over the delivered work orders.',
  stages:
    'Days in each stage: time from entering a status to the next change (the last one ends at delivery), summed over the delivered work orders and divided by their number; a work order that skipped a stage counts 0, so the stages add up to the key-to-key average.',
  touchPerDay:
    'Touch time per day in the shop: clocked hours on the delivered work orders (closed time entries) ÷ their total key-to-key days.',
  onTime:
    'On-time rate: of the delivered work orders with an estimated completion date, the share delivered on or before that date (shop time zone). Work orders without a date are left out.',
  perWeek: 'Delivered per week: delivered work orders per week (Monday to Sunday) of their delivery day; the first and last weeks may be partial.',
  repairValue:
    'Average repair value: of the delivered work orders with an approved estimate, the mean total of the latest approved version (estimate or supplement, as frozen when sent), rounded to the cent.',
} as const;

/** The default range: the last 90 days up to `today` ("YYYY-MM-DD"). */
export function defaultReportRange(today: string): { from: string; to: string } {
  const d = new Date(`${today}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - 89);
  return { from: d.toISOString().slice(0, 10), to: today };
}
