import { describe, expect, it } from 'vitest';
import type { ExtractedInvoice } from '~/lib/schemas/invoice';
import { type ExtractionError, partialExtraction, validateExtraction } from '~/server/extraction/contract.server';
import { reconcileInvoice, reviewExtraction } from '~/server/extraction/review.server';

const base = {
  invoice_number: 'INV-1001',
  supplier: 'Metro Parts',
  invoice_date: '11/03/2026',
  total_amount: 100,
  line_items: [{ part_number: 'HC3Z 8200 A', description: 'Grille', quantity: 2, unit_price: 50 }],
};

describe('validateExtraction keeps the issue 18 extras', () => {
  it('keeps subtotal, tax, charges and confidence when valid', () => {
    const invoice = validateExtraction({
      ...base,
      total_amount: '$143.25',
      subtotal: 100,
      tax_amount: '8.25',
      charges: [
        { kind: 'freight', description: 'Freight', amount: 15 },
        { kind: 'core', description: 'Core charge', amount: '25.00' },
        { kind: 'discount', description: 'Promo', amount: 5 },
      ],
      confidence: { invoice_number: 0.95, invoice_date: 0.42, line_items: [{ part_number: 0.61, quantity: 1 }] },
    });
    expect(invoice).toEqual({
      invoice_number: 'INV-1001',
      supplier: 'Metro Parts',
      invoice_date: '2026-11-03',
      total_amount: 143.25,
      line_items: base.line_items,
      subtotal: 100,
      tax_amount: 8.25,
      charges: [
        { kind: 'freight', description: 'Freight', amount: 15 },
        { kind: 'core', description: 'Core charge', amount: 25 },
        // A discount lowers the total whatever sign it was read with.
        { kind: 'discount', description: 'Promo', amount: -5 },
      ],
      confidence: { invoice_number: 0.95, invoice_date: 0.42, line_items: [{ part_number: 0.61, quantity: 1 }] },
    });
  });

  it('drops invalid extras quietly instead of refusing the read', () => {
    const invoice = validateExtraction({
      ...base,
      subtotal: -3,
      tax_amount: 'n/a',
      charges: [
        { kind: 'HAZMAT', description: 'Hazmat fee', amount: 4.5 },
        { kind: 'freight', description: 'Freight', amount: 'free' },
        { kind: 'fee', description: 'Env', amount: Number.POSITIVE_INFINITY },
        'nonsense',
      ],
      confidence: { invoice_number: 95, supplier: -0.1, invoice_date: 'high', total_amount: 0.5 },
    });
    expect(invoice.subtotal).toBeUndefined();
    expect(invoice.tax_amount).toBeUndefined();
    expect(invoice.charges).toEqual([{ kind: 'other', description: 'Hazmat fee', amount: 4.5 }]);
    expect(invoice.confidence).toEqual({ total_amount: 0.5 });
    expect(validateExtraction({ ...base, charges: 'x', confidence: [1] })).toEqual({ ...base, invoice_date: '2026-11-03' });
  });

  it('carries the extras in the partial read of a refused reply', () => {
    let error: ExtractionError | undefined;
    try {
      validateExtraction({ ...base, invoice_number: '', tax_amount: 8, charges: [{ kind: 'freight', description: 'Frt', amount: 12 }] });
    } catch (e) {
      error = e as ExtractionError;
    }
    expect(error?.kind).toBe('insufficient');
    expect(error?.partial).toMatchObject({ supplier: 'Metro Parts', tax_amount: 8, charges: [{ kind: 'freight', amount: 12 }] });
    expect(partialExtraction({ confidence: { supplier: 0.3 } })).toBeNull();
  });
});

const invoice = (over: Partial<ExtractedInvoice> = {}): ExtractedInvoice => ({
  invoice_number: 'INV-1001',
  supplier: 'Metro Parts',
  invoice_date: '2026-11-03',
  total_amount: 100,
  line_items: [{ part_number: 'A-1', description: 'Bumper', quantity: 2, unit_price: 50 }],
  ...over,
});

describe('reviewExtraction', () => {
  it('reconciles parts with tax, freight, a core, a fee and a discount (in cents)', () => {
    // 3 × 33.33 = 99.99; + freight 12.50 + core 45.00 + hazmat 3.75 − discount 10.00 + tax 8.91 = 160.15
    const read = invoice({
      total_amount: 160.15,
      line_items: [{ part_number: 'A-1', description: 'Clip', quantity: 3, unit_price: 33.33 }],
      tax_amount: 8.91,
      charges: [
        { kind: 'freight', description: 'Freight', amount: 12.5 },
        { kind: 'core', description: 'Core charge', amount: 45 },
        { kind: 'fee', description: 'Hazmat fee', amount: 3.75 },
        { kind: 'discount', description: 'Discount', amount: -10 },
      ],
    });
    const review = reviewExtraction(read);
    expect(review).toEqual({
      complete: true,
      warnings: [],
      reconciliation: {
        partsCents: 9999,
        chargesCents: 5125,
        taxCents: 891,
        computedCents: 16015,
        totalCents: 16015,
        differenceCents: 0,
      },
    });
  });

  it('counts tax given as a charge row when there is no tax_amount', () => {
    const r = reconcileInvoice(invoice({ total_amount: 108.25, charges: [{ kind: 'tax', description: 'Sales tax', amount: 8.25 }] }));
    expect(r).toMatchObject({ taxCents: 825, chargesCents: 0, differenceCents: 0 });
  });

  it('is complete for a plain invoice that adds up, within 2 cents', () => {
    expect(reviewExtraction(invoice()).complete).toBe(true);
    expect(reviewExtraction(invoice({ total_amount: 100.02 })).complete).toBe(true);
  });

  it('warns when no total was read: the parts cannot be checked against it', () => {
    const review = reviewExtraction(invoice({ total_amount: null }));
    expect(review.complete).toBe(false);
    expect(review.warnings).toEqual([
      'No invoice total was found, so the parts could not be checked against it. Please type the total from the invoice.',
    ]);
  });

  it('warns when cells of the parts table were read with low confidence, even if the sum adds up (a misread part number still adds up)', () => {
    expect(reviewExtraction(invoice({ confidence: { invoice_number: 0.95, line_items: [{ part_number: 0.9 }] } })).complete).toBe(true);
    // The date's and the total's confidence are marked on the form but do not withhold the message.
    expect(reviewExtraction(invoice({ confidence: { invoice_date: 0.35, total_amount: 0.4 } })).complete).toBe(true);
    const one = reviewExtraction(invoice({ confidence: { invoice_number: 0.95, line_items: [{ part_number: 0.62 }] } }));
    expect(one.complete).toBe(false);
    expect(one.warnings).toEqual(['1 cell of the parts table was read with low confidence and marked ⚠. Please check it against the invoice.']);
    const two = reviewExtraction(invoice({ confidence: { supplier: 0.95, line_items: [{ description: 0.7, unit_price: 0.4 }] } }));
    expect(two.warnings).toEqual(['2 cells of the parts table were read with low confidence and marked ⚠. Please check them against the invoice.']);
  });

  it('withholds the message when the supplier or the invoice number was read with low confidence (the sum cannot vouch for them)', () => {
    expect(reviewExtraction(invoice({ confidence: { supplier: 0.92, invoice_number: 0.8 } })).complete).toBe(true);
    const review = reviewExtraction(invoice({ confidence: { supplier: 0.48, invoice_number: 0.75 } }));
    expect(review.complete).toBe(false);
    expect(review.warnings).toEqual([
      "The supplier's name was read with low confidence (48 %). Please check it against the invoice.",
      'The invoice number was read with low confidence (75 %). Please check it against the invoice.',
    ]);
  });

  it('warns when the total does not reconcile (e.g. the tax was not read)', () => {
    const review = reviewExtraction(invoice({ total_amount: 108.25 }));
    expect(review.complete).toBe(false);
    expect(review.warnings).toEqual([
      'The parts, charges and tax read do not add up to the invoice total. Please check every row against the image.',
    ]);
    expect(review.reconciliation.differenceCents).toBe(825);
  });

  it('warns on part rows without a description or a part number, even when the sum adds up', () => {
    const rows = [
      { part_number: 'DEN 234-9001', description: '', quantity: 1, unit_price: 60 },
      { part_number: '', description: 'Spark plug', quantity: 4, unit_price: 10 },
    ];
    const review = reviewExtraction({ ...base, line_items: rows } as ExtractedInvoice);
    expect(review.complete).toBe(false);
    expect(review.warnings).toContain('2 part rows have no part number or no description. Please type them from the invoice.');
    expect(reviewExtraction({ ...base, line_items: rows.slice(0, 1), total_amount: 60 } as ExtractedInvoice).warnings).toEqual([
      '1 part row has no part number or no description. Please type it from the invoice.',
    ]);
  });

  it('warns on an empty parts table, a missing date and a missing number', () => {
    const review = reviewExtraction(invoice({ line_items: [], invoice_number: ' ', invoice_date: '' }));
    expect(review.complete).toBe(false);
    expect(review.warnings).toEqual([
      'No invoice number was found. Please type it from the invoice.',
      'No invoice date was found. Please type it from the invoice.',
      'No parts were found on this invoice. Please check the image and add the parts by hand.',
    ]);
  });
});
