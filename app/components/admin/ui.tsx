/**
 * Small building blocks of the back-office pages: stat cards, tables, a select field, dates shown in the shop's time
 * zone, 'N/A' for blanks, and a message that clears itself after 3 seconds (spec admin §4 "Messages clear after
 * 3 seconds"; colour and role from FormMessage).
 */
import { useEffect, useId, useState, type SelectHTMLAttributes } from 'react';
import { FormMessage } from '~/components/ui/field';
import { useRootData } from '~/root';
import { formatCalendarDay, formatDate, formatDateTime } from '~/lib/format';
import { telHref } from '~/content/shop';

export const MESSAGE_MS = 3000;

/** Shows `text` and hides it after 3 s; a new `token` (e.g. the action data object) shows it again. */
export function TimedMessage({ text, token, ms = MESSAGE_MS }: { text: string | null | undefined; token?: unknown; ms?: number }) {
  const key = token ?? text;
  const [expired, setExpired] = useState<unknown>(undefined);
  useEffect(() => {
    if (!text) return;
    const timer = setTimeout(() => setExpired(key), ms);
    return () => clearTimeout(timer);
  }, [text, key, ms]);
  const visible = Boolean(text) && expired !== key;
  return (
    <div className="empty:hidden">
      {visible ? <FormMessage text={text} /> : null}
    </div>
  );
}

export function StatCard({ label, value }: { label: string; value: number | string }) {
  return (
    <div className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
      <p className="text-sm font-semibold text-slate-700">{label}</p>
      <p className="mt-1 text-3xl font-bold text-navy-900">{value}</p>
    </div>
  );
}

export const na = (v: string | number | null | undefined) => (v === null || v === undefined || v === '' ? 'N/A' : String(v));

/** A phone number as a tap-to-call `tel:` link (issue 17 §7: staff on a phone in the bay); 'N/A' when blank. */
export function PhoneLink({ phone, className = 'text-brand-700 underline' }: { phone: string | null | undefined; className?: string }) {
  if (!phone || phone.replace(/\D/g, '').length < 7) return <>{na(phone)}</>;
  return (
    <a href={telHref(phone)} className={className}>
      {phone}
    </a>
  );
}

/** An e-mail address as a `mailto:` link (issue 17 §7); 'N/A' when blank. */
export function EmailLink({ email, className = 'text-brand-700 underline' }: { email: string | null | undefined; className?: string }) {
  if (!email) return <>{na(email)}</>;
  return (
    <a href={`mailto:${email}`} className={className}>
      {email}
    </a>
  );
}

/** A date-time shown as a calendar date in the shop's time zone. */
export function useFormatDate() {
  const { shop } = useRootData();
  return (value: Date | string | null | undefined, withTime = false) => {
    if (!value) return 'N/A';
    return withTime ? formatDateTime(value, shop.timeZone) : formatDate(value, shop.timeZone);
  };
}

/** A calendar date (YYYY-MM-DD) shown without any time-zone shift. */
export function formatCalendarDate(value: string | null | undefined): string {
  return value ? formatCalendarDay(value) : 'N/A';
}

export const money = (v: string | number) => `$${Number(v).toFixed(2)}`;

interface SelectFieldProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> {
  label: string;
  name: string;
  error?: string | undefined;
}

export function SelectField({ label, name, error, className, children, ...select }: SelectFieldProps) {
  const id = useId();
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-semibold text-slate-800">
        {label}
      </label>
      <select
        id={id}
        name={name}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className="mt-1 block w-full rounded border border-slate-400 bg-white px-3 py-2 text-base"
        {...select}
      >
        {children}
      </select>
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

export const buttonClass =
  'inline-flex items-center justify-center rounded bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700 disabled:opacity-70';
export const secondaryButtonClass =
  'inline-flex items-center justify-center rounded border-2 border-slate-400 bg-white px-4 py-2 font-semibold text-slate-800 hover:bg-slate-50';
export const tableClass = 'min-w-full divide-y divide-slate-200 bg-white text-left text-sm';
export const thClass = 'px-3 py-2 font-semibold text-slate-800';
export const tdClass = 'px-3 py-2 text-slate-800';

export function Section({ title, children, id }: { title: string; children: React.ReactNode; id?: string }) {
  return (
    <section aria-labelledby={id ?? undefined} className="mt-8 rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
      <h2 id={id} className="text-xl font-bold text-navy-900">
        {title}
      </h2>
      <div className="mt-3">{children}</div>
    </section>
  );
}
