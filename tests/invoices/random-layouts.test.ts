/**
 * The procedural layouts of scripts/invoice-devset/layouts-random.ts (scripts/bench-random.ts reads them): a seed
 * always draws the same layout and invoice, every invoice reconciles and prints its truth, and the draws vary.
 * No browser: the checks read the page's HTML.
 */
import { describe, expect, it } from 'vitest';
import { esc } from '../../scripts/invoice-devset/html';
import { htmlText, randomInvoice, randomLayout } from '../../scripts/invoice-devset/layouts-random';
import { money, printedProblems } from '../../scripts/invoice-devset/model';

const SEEDS = Array.from({ length: 60 }, (_, i) => i + 1);

describe('random layouts', () => {
  it('draw the same layout and invoice for the same seed', () => {
    for (const seed of SEEDS.slice(0, 20)) {
      const a = randomInvoice(seed);
      const b = randomInvoice(seed);
      expect(a.layout.id).toBe(`R${seed}`);
      expect(b.layout.features).toEqual(a.layout.features);
      expect(b.truth).toEqual(a.truth);
      expect(b.layout.html(b.inv)).toBe(a.layout.html(a.inv));
    }
  });

  it('build invoices that reconcile and print their truth', () => {
    for (const seed of SEEDS) {
      // randomInvoice runs truthOf, which throws when the invoice does not reconcile.
      const { layout, inv, truth } = randomInvoice(seed);
      const html = layout.html(inv);
      expect(printedProblems(htmlText(html), inv, truth), `R${seed}`).toEqual([]);
      expect(html).toContain(esc(truth.invoice_number));
      expect(html).toContain(esc(inv.dateText));
      expect([true, false].some((comma) => html.includes(money(inv.total, { comma }))), `R${seed} total`).toBe(true);
      for (const line of truth.line_items) expect(html, `R${seed}`).toContain(esc(line.part_number));
      // Distractor dates are never the invoice date.
      for (const d of inv.otherDates) expect(d.text).not.toBe(inv.dateText);
      expect(truth.line_items.length).toBeGreaterThanOrEqual(3);
      expect(truth.line_items.length).toBeLessThanOrEqual(24);
    }
  });

  it('always have part, description, a shipped quantity and a unit price among their columns', () => {
    for (const seed of SEEDS) {
      const { cols } = randomLayout(seed).draw;
      expect(cols).toContain('part');
      expect(cols).toContain('desc');
      expect(cols).toContain('net');
      expect(cols.some((c) => c === 'qty' || c === 'qtyuom' || c === 'shp')).toBe(true);
      expect(new Set(cols).size).toBe(cols.length);
    }
  });

  it('vary over the axes', () => {
    const draws = SEEDS.map((s) => randomLayout(s).draw);
    const distinct = (f: (d: (typeof draws)[number]) => unknown) => new Set(draws.map((d) => JSON.stringify(f(d)))).size;
    expect(distinct((d) => d.cols)).toBeGreaterThanOrEqual(50);
    expect(distinct((d) => d.font)).toBeGreaterThanOrEqual(6);
    expect(distinct((d) => d.size)).toBe(6);
    expect(distinct((d) => d.invStyle)).toBe(4);
    expect(distinct((d) => d.fieldsStyle)).toBe(4);
    expect(distinct((d) => d.dateFormat)).toBeGreaterThanOrEqual(15);
    expect(distinct((d) => d.border)).toBe(4);
    expect(distinct((d) => d.headStyle)).toBe(4);
    expect(distinct((d) => d.totalsPos)).toBe(4);
    expect(distinct((d) => [d.nameAlign, d.nameFrame])).toBeGreaterThanOrEqual(7);
    expect(distinct((d) => d.catalog)).toBeGreaterThanOrEqual(20);
    expect(draws.filter((d) => d.upper).length).toBeGreaterThanOrEqual(5);
    expect(draws.filter((d) => d.payments).length).toBeGreaterThanOrEqual(3);
    const rows = SEEDS.map((s) => randomInvoice(s).inv.lines.length);
    expect(rows.some((n) => n >= 18)).toBe(true);
    const charges = SEEDS.map((s) => randomInvoice(s).inv.charges);
    expect(charges.some((c) => c.some((x) => x.placement === 'table'))).toBe(true);
    expect(charges.some((c) => c.some((x) => x.placement === 'footer'))).toBe(true);
  });
});
