import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { telHref, type ShopInfo } from '~/content/shop';

/** The navy band at the top of an inner marketing page: heading and one line. */
export function PageHero({ title, lead, children }: { title: string; lead: string; children?: ReactNode }) {
  return (
    <div className="bg-navy-900 text-white">
      <div className="mx-auto max-w-6xl px-4 py-12 sm:py-16">
        <h1 className="text-3xl font-extrabold tracking-tight sm:text-4xl">{title}</h1>
        <p className="mt-4 max-w-3xl text-lg text-slate-200">{lead}</p>
        {children}
      </div>
    </div>
  );
}

export const buttonPrimary =
  'inline-flex min-h-11 items-center justify-center rounded bg-brand-600 px-5 py-3 font-bold text-white hover:bg-brand-700';
export const buttonOutline =
  'inline-flex min-h-11 items-center justify-center rounded border-2 border-current px-5 py-3 font-bold hover:bg-white/10';

/** The estimate call to action that closes most pages: a link to online booking (/book, issue 16) and the phone. */
export function EstimateCta({ shop, heading = 'Ready for a free estimate?', label = 'Schedule Estimate' }: { shop: ShopInfo; heading?: string; label?: string }) {
  return (
    <section aria-label="Get an estimate" className="mx-auto mt-12 max-w-6xl px-4" data-reveal>
      <div className="flex flex-col items-start gap-4 rounded-xl bg-brand-700 p-8 text-white sm:flex-row sm:items-center sm:justify-between">
        <div>
          <h2 className="text-2xl font-bold">{heading}</h2>
          <p className="mt-1 text-brand-50">
            Stop by, book online or call{' '}
            <a href={telHref(shop.phone)} className="font-bold text-white underline">
              {shop.phone}
            </a>
            .
          </p>
        </div>
        <Link to="/book" className="inline-flex min-h-11 items-center rounded bg-white px-5 py-3 font-bold text-brand-700 hover:bg-brand-50">
          {label}
        </Link>
      </div>
    </section>
  );
}

/** The financing partner's banner (contact and financing pages). */
export function FinancingBanner() {
  return (
    <section aria-labelledby="financing-banner-heading" className="rounded-xl border-2 border-navy-700 bg-slate-50 p-6">
      <h2 id="financing-banner-heading" className="text-xl font-bold text-navy-900">
        Financing available
      </h2>
      <p className="mt-2 text-slate-800">
        Get approved for up to $5,000 for your repair with no hard credit check. Apply in minutes and drive away today.
      </p>
      <Link to="/financing" className="mt-3 inline-block font-semibold text-brand-700 underline">
        Learn about financing
      </Link>
    </section>
  );
}
