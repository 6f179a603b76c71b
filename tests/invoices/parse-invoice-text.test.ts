import { describe, expect, it } from 'vitest';
import { parseInvoiceDate, SaveInvoiceSchema, totalMismatchWarning } from '~/lib/schemas/invoice';
import { fixCodePrefix, parseInvoiceText, parseMoney } from '~/server/extraction/parse-invoice-text.server';

describe('parseInvoiceDate', () => {
  it.each([
    ['03/14/2026', '2026-03-14'],
    ['3/4/26', '2026-03-04'],
    ['10-01-2026', '2026-10-01'],
    ['2026-01-22', '2026-01-22'],
    ['February 3, 2026', '2026-02-03'],
    ['Apr 9, 2026', '2026-04-09'],
    ['9 Sept 2026', '2026-09-09'],
    ['25/12/2026', '2026-12-25'],
  ])('reads %s', (text, iso) => {
    expect(parseInvoiceDate(text)).toEqual({ ok: true, iso });
  });

  it('calls 31/02/2026, 02/30/2026 and 2026-13-01 impossible, and words unrecognised', () => {
    expect(parseInvoiceDate('31/02/2026')).toEqual({ ok: false, reason: 'impossible' });
    expect(parseInvoiceDate('02/30/2026')).toEqual({ ok: false, reason: 'impossible' });
    expect(parseInvoiceDate('2026-13-01')).toEqual({ ok: false, reason: 'impossible' });
    expect(parseInvoiceDate('next Tuesday')).toEqual({ ok: false, reason: 'unrecognised' });
  });
});

describe('parseInvoiceText', () => {
  it('reads a typical layout with quantity first and a coloured header', () => {
    const text = [
      'Precision Body Supply',
      'Sold To                      Invoice No. 58213',
      'C.A.R.S Collision            Invoice Date: February 3, 2026',
      'Quantity Part Number   Description           Price     Line Total',
      '1 FD-7720     Fender liner right     $64.99     $64.99',
      '2 MR-1180     Side mirror glass      $38.75     $77.50',
      'Subtotal: $142.49',
      'Total Due: $142.49',
    ].join('\n');
    expect(parseInvoiceText(text)).toEqual({
      invoice_number: '58213',
      supplier: 'Precision Body Supply',
      invoice_date: '2026-02-03',
      impossible_date: null,
      total_amount: 142.49,
      line_items: [
        { part_number: 'FD-7720', description: 'Fender liner right', quantity: 1, unit_price: 64.99 },
        { part_number: 'MR-1180', description: 'Side mirror glass', quantity: 2, unit_price: 38.75 },
      ],
    });
  });

  it('undoes OCR slips: quantity from the line amount, O read as 0 in a prefix, S for $', () => {
    const text = ['Vendor: Northern Glass Co', 'Invoice #: P0-44871', 'Date: 31/02/2026', 'Part #  Description  Qty  Unit Price  Amount', 'CL-0098   Bumper clip set   &   S3.25   $16.25', 'Total: $16.25'].join('\n');
    const parsed = parseInvoiceText(text);
    expect(parsed.invoice_number).toBe('PO-44871');
    expect(parsed.supplier).toBe('Northern Glass Co');
    expect(parsed.invoice_date).toBeNull();
    expect(parsed.impossible_date).toBe('31/02/2026');
    expect(parsed.line_items).toEqual([{ part_number: 'CL-0098', description: 'Bumper clip set', quantity: 5, unit_price: 3.25 }]);
  });

  it('parses money and code prefixes', () => {
    expect(parseMoney('$1,234.50')).toBe(1234.5);
    expect(parseMoney('S18,00')).toBe(18);
    expect(parseMoney('abc')).toBeNull();
    expect(fixCodePrefix('S0-99120')).toBe('SO-99120');
    expect(fixCodePrefix('77-3419')).toBe('77-3419');
  });
});

describe('the review form schema and warning', () => {
  it('skips blank rows, keeps order and normalises money', () => {
    const parsed = SaveInvoiceSchema.parse({
      invoiceNumber: ' INV-1 ',
      supplier: 'Acme',
      invoiceDate: '03/14/2026',
      totalAmount: '$1,000.5',
      part_number: ['A-1', '', 'B-2'],
      description: ['Alpha', '', ''],
      quantity: ['2', '', '1'],
      unit_price: ['10', '', '0.5'],
    });
    expect(parsed).toEqual({
      invoiceNumber: 'INV-1',
      supplier: 'Acme',
      invoiceDate: '2026-03-14',
      totalAmount: '1000.50',
      items: [
        { partNumber: 'A-1', description: 'Alpha', quantity: 2, unitPrice: '10.00' },
        { partNumber: 'B-2', description: 'B-2', quantity: 1, unitPrice: '0.50' },
      ],
      charges: [],
    });
  });

  it('warns when the line items do not add up to the total', () => {
    const items = [{ quantity: '2', unit_price: '10.00' }, { quantity: '1', unit_price: '0.50' }];
    expect(totalMismatchWarning(items, '20.50')).toBeNull();
    expect(totalMismatchWarning(items, '25')).toBe('Line items add up to $20.50, but the total is $25.00. Please check the amounts.');
    expect(totalMismatchWarning(items, '')).toBeNull();
  });
});
