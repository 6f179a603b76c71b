import { Link } from 'react-router';
import { EstimateCta, PageHero, buttonPrimary } from '~/components/site/page-parts';
import { MARKETING_HANDLE, marketingMeta } from '~/content/seo';
import { useRootData } from '~/root';
import type { Route } from './+types/financing';

export const handle = MARKETING_HANDLE;

export const meta: Route.MetaFunction = ({ matches, location }) =>
  marketingMeta({
    matches,
    location,
    title: 'Financing',
    description: 'Repair financing in Spring, TX: approval up to $5,000 with no hard credit check.',
  });

const STEPS = [
  { title: 'Get your estimate', body: 'We inspect your vehicle and give you a written price.' },
  { title: 'Apply in minutes', body: 'A short application with our financing partner; checking your options does not affect your credit score.' },
  { title: 'Drive away', body: 'Once approved, we start the repair and you pay over time.' },
];

/** Financing (spec §2): static copy with links to /contact; approval up to $5,000 with no hard credit check. */
export default function Financing() {
  const { shop } = useRootData();
  return (
    <main id="main">
      <PageHero title="Financing" lead="Don’t put off a safe repair. Our financing partner offers approval up to $5,000 with no hard credit check.">
        <p className="mt-6">
          <Link to="/contact" className={buttonPrimary}>
            Ask About Financing
          </Link>
        </p>
      </PageHero>
      <div className="mx-auto max-w-6xl px-4 py-12">
        <h2 className="text-2xl font-bold text-navy-900">How it works</h2>
        <ol className="mt-6 grid gap-6 md:grid-cols-3">
          {STEPS.map((s, i) => (
            <li key={s.title} className="rounded-xl border border-slate-200 p-6">
              <span className="text-sm font-bold text-brand-700">Step {i + 1}</span>
              <h3 className="mt-1 text-xl font-bold text-navy-900">{s.title}</h3>
              <p className="mt-2 text-slate-700">{s.body}</p>
            </li>
          ))}
        </ol>
        <section aria-labelledby="fine-print" className="mt-10">
          <h2 id="fine-print" className="text-2xl font-bold text-navy-900">
            Good to know
          </h2>
          <ul className="mt-3 list-disc space-y-1 pl-6 text-slate-800">
            <li>Approval up to $5,000, with no hard credit check to apply.</li>
            <li>Use it for collision repair, paint, dent repair, bedliners or mechanical work.</li>
            <li>Insurance deductible due? Financing can cover it.</li>
            <li>Terms are set by our financing partner; we will walk you through the options.</li>
          </ul>
          <p className="mt-4">
            Questions?{' '}
            <Link to="/contact" className="font-semibold text-brand-700 underline">
              Contact us
            </Link>
            .
          </p>
        </section>
      </div>
      <EstimateCta shop={shop} />
    </main>
  );
}
