/** Display helpers for invoices (browser-safe): "$1,234.50" and US dates from ISO "YYYY-MM-DD" (no time zone shift). */
import { numberFormat } from '~/lib/intl';

export function formatMoney(value: string | number | null | undefined): string {
  if (value === null || value === undefined || value === '') return 'N/A';
  const n = Number(value);
  if (!Number.isFinite(n)) return 'N/A';
  return `$${numberFormat({ minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(n)}`;
}

export function formatInvoiceDate(iso: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  return m ? `${m[2]}/${m[3]}/${m[1]}` : iso;
}
