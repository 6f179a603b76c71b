import { data, Link, redirect } from 'react-router';
import { BusinessHours } from '~/components/site/business-hours';
import { FindUs } from '~/components/site/find-us';
import { FinancingBanner, PageHero } from '~/components/site/page-parts';
import { FormMessage } from '~/components/ui/field';
import { FAQ } from '~/content/faq';
import { formatAddress, telHref } from '~/content/shop';
import { MARKETING_HANDLE, marketingMeta } from '~/content/seo';
import { formValues, parseForm } from '~/lib/forms';
import { CONTACT_MESSAGE_MAX, CONTACT_TEXTS, ContactSchema } from '~/lib/schemas/contact';
import { useRootData } from '~/root';
import { readForm } from '~/server/forms/read-form.server';
import { ContactRateLimitError, sendContactMessage } from '~/server/contact/send-contact-message.server';
import type { Route } from './+types/contact';

export const handle = MARKETING_HANDLE;

export const meta: Route.MetaFunction = ({ matches, location }) =>
  marketingMeta({
    matches,
    location,
    title: 'Contact Us',
    description: 'Schedule a free estimate, ask a question or get directions to our collision repair shop in Spring, TX.',
  });

/** `?sent=1` after a successful post (post/redirect/get): the thank-you message. */
export function loader({ request }: Route.LoaderArgs) {
  return { sent: new URL(request.url).searchParams.get('sent') === '1' };
}

/**
 * The contact form (DECISIONS 7): public, so no session guard; the honeypot and the per-IP limit stand in for one.
 * Bad input → 400 with field messages and what was typed; honeypot → 400; limit → 429; success → redirect with thanks.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const formData = await readForm(request);
  const values = formValues(formData, ['website']);
  if (String(formData.get('website') ?? '').trim() !== '') {
    return data({ fieldErrors: {}, values, formError: CONTACT_TEXTS.honeypot }, { status: 400 });
  }
  const parsed = parseForm(ContactSchema, formData);
  if (!parsed.success) {
    return data({ fieldErrors: parsed.fieldErrors, values, formError: null }, { status: 400 });
  }
  try {
    const { website: _honeypot, ...message } = parsed.data;
    await sendContactMessage({ ...message, ip: context?.clientIp });
  } catch (error) {
    if (error instanceof ContactRateLimitError) {
      return data({ fieldErrors: {}, values, formError: error.message }, { status: 429 });
    }
    throw error;
  }
  return redirect('/contact?sent=1#contact-form');
}

const inputClass =
  'mt-1 block w-full rounded border border-slate-500 px-3 py-2 text-base shadow-sm focus:border-navy-700 aria-invalid:border-red-700';

function Field(props: {
  name: 'name' | 'email' | 'phone' | 'message';
  label: string;
  type?: string;
  autoComplete?: string;
  required?: boolean;
  error: string | undefined;
  value: string | undefined;
  multiline?: boolean;
}) {
  const id = `contact-${props.name}`;
  const common = {
    id,
    name: props.name,
    required: props.required,
    defaultValue: props.value,
    'aria-invalid': props.error ? true : undefined,
    'aria-describedby': props.error ? `${id}-error` : undefined,
    className: inputClass,
  };
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-semibold text-slate-800">
        {props.label}
        {props.required ? null : <span className="font-normal text-slate-600"> (optional)</span>}
      </label>
      {props.multiline ? (
        <textarea {...common} rows={6} maxLength={CONTACT_MESSAGE_MAX} />
      ) : (
        <input {...common} type={props.type ?? 'text'} autoComplete={props.autoComplete} />
      )}
      {props.error ? (
        <p id={`${id}-error`} className="mt-1 text-sm font-medium text-red-700">
          {props.error}
        </p>
      ) : null}
    </div>
  );
}

/** Contact (spec §2): FAQ, the form, the scheduling calendar on request, the financing banner, map and directions. */
export default function Contact({ loaderData, actionData }: Route.ComponentProps) {
  const { shop } = useRootData();
  const errors: Record<string, string> = actionData?.fieldErrors ?? {};
  const values: Record<string, string> = actionData?.values ?? {};
  const formError = actionData?.formError ?? (Object.keys(errors).length ? 'Error: please check the fields marked below.' : null);
  return (
    <main id="main">
      <PageHero title="Contact Us" lead="Schedule a free estimate, ask a question, or stop by the shop. We answer every message within one business day." />
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 lg:grid-cols-5">
        <section id="contact-form" aria-labelledby="form-heading" className="lg:col-span-3">
          <h2 id="form-heading" className="text-2xl font-bold text-navy-900">
            Send Us a Message
          </h2>
          <div className="mt-4">
            {loaderData.sent && !actionData ? <FormMessage text={CONTACT_TEXTS.sent} tone="success" /> : null}
            <FormMessage text={formError} tone="error" />
          </div>
          <form method="post" action="/contact" className="mt-4 space-y-4">
            <Field name="name" label="Name" autoComplete="name" required error={errors.name} value={values.name} />
            <Field name="email" label="E-mail" type="email" autoComplete="email" required error={errors.email} value={values.email} />
            <Field name="phone" label="Phone" type="tel" autoComplete="tel" error={errors.phone} value={values.phone} />
            <Field name="message" label="Message" required multiline error={errors.message} value={values.message} />
            {/* Honeypot: hidden from people and assistive technology; bots that fill every field are refused. */}
            <div className="hidden" aria-hidden="true">
              <label htmlFor="contact-website">Website</label>
              <input id="contact-website" name="website" type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
            </div>
            <button type="submit" className="inline-flex min-h-11 items-center rounded bg-brand-600 px-6 py-3 font-bold text-white hover:bg-brand-700">
              Send Message
            </button>
          </form>
        </section>

        <aside aria-labelledby="reach-us" className="space-y-6 lg:col-span-2">
          <div className="rounded-xl bg-slate-100 p-6">
            <h2 id="reach-us" className="text-xl font-bold text-navy-900">
              Reach Us
            </h2>
            <address className="mt-3 not-italic leading-7 text-slate-800">
              {shop.name}
              <br />
              {formatAddress(shop.address)}
              <br />
              Phone:{' '}
              <a href={telHref(shop.phone)} className="font-semibold text-brand-700 underline">
                {shop.phone}
              </a>
              <br />
              E-mail:{' '}
              <a href={`mailto:${shop.email}`} className="font-semibold text-brand-700 underline">
                {shop.email}
              </a>
            </address>
            <BusinessHours shop={shop} />
          </div>
          <Scheduler schedulingUrl={shop.schedulingUrl} phone={shop.phone} />
          <FinancingBanner />
        </aside>
      </div>

      <section aria-labelledby="faq-heading" className="mx-auto max-w-4xl px-4 py-8">
        <h2 id="faq-heading" className="text-2xl font-bold text-navy-900">
          Frequently Asked Questions
        </h2>
        <div className="mt-6 space-y-3">
          {FAQ.map((item) => (
            <details key={item.question} name="faq" className="accordion rounded-lg border border-slate-300 bg-white open:border-navy-700">
              <summary className="flex items-center justify-between gap-4 rounded-lg p-4 font-semibold text-navy-900">
                {item.question}
                <svg className="chevron shrink-0" viewBox="0 0 20 20" width="20" height="20" aria-hidden="true">
                  <path d="M5 7l5 6 5-6" fill="none" stroke="currentColor" strokeWidth="2" />
                </svg>
              </summary>
              <p className="px-4 pb-4 text-slate-800">
                {item.answer}
                {item.question.includes('financing') ? (
                  <>
                    {' '}
                    <Link to="/financing" className="font-semibold text-brand-700 underline">
                      Financing details
                    </Link>
                  </>
                ) : null}
              </p>
            </details>
          ))}
        </div>
      </section>

      <FindUs shop={shop} />
    </main>
  );
}

/**
 * Booking: by default the shop's own online booking (`/book`, issue 16) with the phone beside it. With SCHEDULING_URL
 * configured, that external calendar instead, loaded only when the visitor asks ('Choose a time'); without JavaScript
 * a link opens it.
 */
function Scheduler({ schedulingUrl, phone }: { schedulingUrl: string; phone: string }) {
  return (
    <section aria-labelledby="schedule-heading" className="rounded-xl border-2 border-brand-600 p-6" data-scheduler={schedulingUrl ? '' : undefined} data-src={schedulingUrl || undefined}>
      <h2 id="schedule-heading" className="text-xl font-bold text-navy-900">
        Book an Estimate
      </h2>
      {schedulingUrl ? (
        <>
          <p className="mt-2 text-slate-800">Pick a day and time that suits you in our online calendar.</p>
          <button
            type="button"
            data-scheduler-open
            hidden
            className="mt-4 inline-flex min-h-11 items-center rounded bg-brand-600 px-5 py-3 font-bold text-white hover:bg-brand-700"
          >
            Choose a time
          </button>
          <a
            href={schedulingUrl}
            target="_blank"
            rel="noopener noreferrer"
            data-scheduler-link
            className="mt-4 inline-flex min-h-11 items-center rounded bg-brand-600 px-5 py-3 font-bold text-white hover:bg-brand-700"
          >
            Choose a time<span className="sr-only"> (opens the booking calendar in a new tab)</span>
          </a>
          <div data-scheduler-frame hidden className="mt-4" />
        </>
      ) : (
        <>
          <p className="mt-2 text-slate-800">Pick a day and time online and send photos of the damage.</p>
          <a href="/book" className="mt-4 inline-flex min-h-11 items-center rounded bg-brand-600 px-5 py-3 font-bold text-white hover:bg-brand-700">
            Book Online
          </a>
          <p className="mt-3 text-slate-800">
            Or call us at{' '}
            <a href={telHref(phone)} className="font-bold text-brand-700 underline">
              {phone}
            </a>
            .
          </p>
        </>
      )}
    </section>
  );
}
