/**
 * Kinds of vendor-invoice rows that are not parts (issue 18): recognised by the reader, left out of the parts table,
 * used to reconcile the total and saved with the invoice (table `invoice_charges`). A `discount` or `credit` is
 * negative; a core charge is positive (a core return credit negative).
 */
export const INVOICE_CHARGE_KINDS = ['core', 'deposit', 'freight', 'fee', 'discount', 'warranty', 'tax', 'credit', 'other'] as const;
export type InvoiceChargeKind = (typeof INVOICE_CHARGE_KINDS)[number];

/** What staff see for each kind, on the review form and the invoice page. */
export const INVOICE_CHARGE_LABELS: Record<InvoiceChargeKind, string> = {
  core: 'Core charge',
  deposit: 'Deposit',
  freight: 'Freight',
  fee: 'Fee',
  discount: 'Discount',
  warranty: 'Warranty',
  tax: 'Tax',
  credit: 'Credit',
  other: 'Other',
};
