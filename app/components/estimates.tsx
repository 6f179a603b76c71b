import type { ReactNode } from 'react';
import {
  LABOR_TYPE_LABELS,
  LINE_TYPES,
  LINE_TYPE_LABELS,
  PART_TYPE_LABELS,
  TAX_CATEGORIES,
  TAX_CATEGORY_LABELS,
  type EstimateLine,
  type LineChanges,
} from '~/lib/estimates/lines';
import type { EstimateTotals } from '~/lib/estimates/totals';
import { formatCents, formatTaxRate, formatTenths } from '~/lib/money';

/**
 * Estimate display shared by the back office and the portal (issue 14): lines grouped by type, the totals block (with
 * what insurance pays and what the customer pays) and a supplement's changes. Figures come from computeTotals only.
 */

/** "Part 52119-0X902 · OEM · 2 × $85.00" style detail of a line. */
export function lineDetail(line: EstimateLine): string {
  switch (line.lineType) {
    case 'part':
      return [line.partNumber, line.partType ? PART_TYPE_LABELS[line.partType] : null, `${line.quantity} × ${formatCents(line.unitPriceCents)}`].filter(Boolean).join(' · ');
    case 'labor':
      return `${line.laborType ? LABOR_TYPE_LABELS[line.laborType] : 'Labor'} · ${formatTenths(line.hoursTenths)} h × ${formatCents(line.rateCents)}/h`;
    case 'paint_materials':
      return line.materialsMode === 'rate' ? `Refinish hours × ${formatCents(line.rateCents)}/h` : 'Flat amount';
    case 'sublet':
      return line.vendor ?? '';
    case 'discount':
      return `On ${TAX_CATEGORY_LABELS[line.discountAppliesTo ?? 'parts'].toLowerCase()}`;
    default:
      return '';
  }
}

function payerNote(line: EstimateLine, insured: boolean): string | null {
  if (!insured) return null;
  if (line.customerPay) return 'Customer pays';
  if (line.bettermentPercent > 0) return `Betterment ${line.bettermentPercent} %`;
  return null;
}

export function GroupedLines({ lines, totals, insured }: { lines: readonly EstimateLine[]; totals: EstimateTotals; insured: boolean }) {
  return (
    <div className="space-y-4">
      {LINE_TYPES.map((type) => {
        const group = lines.filter((l) => l.lineType === type);
        if (!group.length) return null;
        return (
          <section key={type} aria-label={LINE_TYPE_LABELS[type]}>
            <h3 className="text-base font-bold text-navy-900">{LINE_TYPE_LABELS[type]}</h3>
            <ul className="mt-1 divide-y divide-slate-200 rounded border border-slate-200 bg-white">
              {group.map((line) => (
                <li key={line.id} className="flex flex-wrap items-baseline justify-between gap-2 px-3 py-2 text-sm">
                  <span>
                    <span className="font-medium text-slate-900">{line.description}</span>
                    <span className="block text-slate-600">
                      {lineDetail(line)}
                      {payerNote(line, insured) ? ` · ${payerNote(line, insured)}` : ''}
                    </span>
                  </span>
                  <span className="font-semibold tabular-nums">{formatCents(totals.lineAmounts[line.id] ?? 0)}</span>
                </li>
              ))}
            </ul>
          </section>
        );
      })}
    </div>
  );
}

function Row({ label, value, strong }: { label: ReactNode; value: number; strong?: boolean }) {
  return (
    <div className={`flex justify-between gap-4 py-1 ${strong ? 'border-t border-slate-300 font-bold' : ''}`}>
      <dt>{label}</dt>
      <dd className="tabular-nums">{formatCents(value)}</dd>
    </div>
  );
}

export function TotalsBlock({ totals, insured }: { totals: EstimateTotals; insured: boolean }) {
  return (
    <dl className="max-w-md text-sm" aria-label="Totals">
      {TAX_CATEGORIES.filter((c) => totals.byCategory[c] !== 0).map((c) => (
        <Row key={c} label={TAX_CATEGORY_LABELS[c]} value={totals.byCategory[c]} />
      ))}
      {totals.discountCents !== 0 ? <Row label="Discounts (included above)" value={totals.discountCents} /> : null}
      <Row label="Subtotal" value={totals.subtotalCents} strong />
      <Row label={`Tax ${formatTaxRate(totals.taxRateMilliPercent)} on ${formatCents(totals.taxableCents)}`} value={totals.taxCents} />
      <Row label="Total" value={totals.totalCents} strong />
      {insured ? (
        <>
          {totals.deductibleCents ? <Row label="Deductible" value={totals.deductibleCents} /> : null}
          {totals.customerPayLinesCents ? <Row label="Customer-pay lines" value={totals.customerPayLinesCents} /> : null}
          {totals.bettermentCents ? <Row label="Betterment" value={totals.bettermentCents} /> : null}
          {totals.customerTaxCents ? <Row label="Tax on customer-pay amounts" value={totals.customerTaxCents} /> : null}
          <Row label="Insurance pays" value={totals.insurancePaysCents} strong />
          <Row label="Customer pays" value={totals.customerPaysCents} strong />
        </>
      ) : (
        <Row label="Customer pays" value={totals.customerPaysCents} strong />
      )}
    </dl>
  );
}

export function ChangesList({ changes }: { changes: LineChanges }) {
  const item = (l: EstimateLine) => `${LINE_TYPE_LABELS[l.lineType]}: ${l.description}${lineDetail(l) ? ` (${lineDetail(l)})` : ''}`;
  return (
    <div className="space-y-2 text-sm">
      {changes.added.length ? (
        <div>
          <h3 className="font-bold">Added</h3>
          <ul className="list-disc pl-5">{changes.added.map((l) => <li key={l.id}>{item(l)}</li>)}</ul>
        </div>
      ) : null}
      {changes.changed.length ? (
        <div>
          <h3 className="font-bold">Changed</h3>
          <ul className="list-disc pl-5">
            {changes.changed.map((c) => (
              <li key={c.after.id}>
                {item(c.before)} → {lineDetail(c.after) || c.after.description}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {changes.removed.length ? (
        <div>
          <h3 className="font-bold">Removed</h3>
          <ul className="list-disc pl-5">{changes.removed.map((l) => <li key={l.id}>{item(l)}</li>)}</ul>
        </div>
      ) : null}
    </div>
  );
}

export const VERSION_STATE_LABELS: Record<string, string> = {
  sent: 'Waiting for approval',
  approved: 'Approved',
  declined: 'Declined',
  superseded: 'Replaced by a newer version',
};
