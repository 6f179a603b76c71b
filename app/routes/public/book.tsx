/**
 * `/book` (issue 16 §2): book an estimate or a drop-off online, HTML-first (no hydration; app/enhance/book.ts only
 * changes the times in place when another day is picked). Never page-cached: the free times change with every booking.
 *
 * GET `?day=YYYY-MM-DD` lists that day's free times (without JavaScript, "Show times" submits it). POST (multipart,
 * up to 10 photos of 15 MB) books through `bookAppointment`; success redirects to the manage page with `?booked=1`
 * (the confirmation). Refusals come back as the page with field messages and what was typed (photos must be chosen
 * again): 400 bad input, honeypot; 409 the slot is gone (with the next free times); 413 too many or too large photos;
 * 429 too many bookings from the address.
 */
import { data, redirect } from 'react-router';
import { SlotPicker } from '~/components/booking/slot-picker';
import { PageHero } from '~/components/site/page-parts';
import { FormMessage } from '~/components/ui/field';
import { telHref } from '~/content/shop';
import { marketingMeta } from '~/content/seo';
import { formatAppointmentTime } from '~/lib/format';
import { parseForm } from '~/lib/forms';
import type { RouteHandle } from '~/lib/route-handle';
import {
  BOOKING_DESCRIPTION_MAX,
  BOOKING_PHOTO_MAX_BYTES,
  BOOKING_PHOTO_MAX_FILES,
  BOOKING_TEXTS,
  BOOKING_TYPE_LABELS,
  BOOKING_TYPES,
  BookingSchema,
} from '~/lib/schemas/booking';
import { useRootData } from '~/root';
import { BookingPhotoError } from '~/server/booking/booking-photos.server';
import { BookingRateLimitError, bookAppointment, listFreeSlots, slotPickerData, SlotUnavailableError } from '~/server/booking/booking.server';
import { shopDate } from '~/server/booking/slots';
import { getConfig } from '~/server/config.server';
import { smsDisclosureText } from '~/server/sms/consent.server';
import { getSiteSettings } from '~/server/site/site-settings.server';
import { parseUploadForm, UploadError } from '~/server/uploads/upload.server';
import type { Route } from './+types/book';

export const handle: RouteHandle = { hydrate: false, pageCache: false, script: 'book' };

export const meta: Route.MetaFunction = ({ matches, location }) =>
  marketingMeta({
    matches,
    location,
    title: 'Book an Estimate',
    description: 'Book a free collision repair estimate or a drop-off online: pick a day and time and send photos of the damage.',
  });

async function pageData(wantedDay: string | null) {
  const { days, rules } = await listFreeSlots();
  const settings = await getSiteSettings();
  return {
    picker: slotPickerData(days, rules.timeZone, wantedDay),
    consentText: smsDisclosureText(settings.name),
  };
}

export async function loader({ request }: Route.LoaderArgs) {
  const day = new URL(request.url).searchParams.get('day');
  return pageData(day && /^\d{4}-\d{2}-\d{2}$/.test(day) ? day : null);
}

type Values = Record<string, string>;

interface Refusal {
  fieldErrors: Record<string, string>;
  values: Values;
  formError: string | null;
  nextSlots?: { value: string; label: string }[];
}

async function refuse(status: number, refusal: Refusal, day: string | null) {
  return data({ ...refusal, ...(await pageData(day)) }, { status });
}

/** Upload-parser messages in the booking's words (the 11th photo, a 30 MB photo). */
function uploadMessage(error: UploadError): string {
  if (error.message.startsWith('Upload at most')) return BOOKING_TEXTS.tooManyPhotos;
  if (error.message.startsWith('Each file must be')) return BOOKING_TEXTS.photoTooLarge;
  return error.message;
}

export async function action({ request, context }: Route.ActionArgs) {
  let upload;
  try {
    upload = await parseUploadForm(request, { maxFileSize: BOOKING_PHOTO_MAX_BYTES, maxFiles: BOOKING_PHOTO_MAX_FILES });
  } catch (error) {
    if (!(error instanceof UploadError)) throw error;
    const message = uploadMessage(error);
    return refuse(error.status, { fieldErrors: { photos: message }, values: {}, formError: `${message} Your details were not sent: please fill in the form again.` }, null);
  }
  const form = new FormData();
  const values: Values = {};
  for (const [name, value] of upload.fields.entries()) {
    form.append(name, value);
    if (name !== 'website') values[name] = value;
  }
  const slotTime = values.slot ? Date.parse(values.slot) : Number.NaN;
  const day = Number.isNaN(slotTime) ? null : shopDate(slotTime, getConfig().shop.timeZone);
  if ((upload.fields.get('website') ?? '').trim() !== '') {
    return refuse(400, { fieldErrors: {}, values, formError: BOOKING_TEXTS.honeypot }, day);
  }
  const parsed = parseForm(BookingSchema, form);
  if (!parsed.success) {
    return refuse(400, { fieldErrors: parsed.fieldErrors, values, formError: null }, day);
  }
  const { website: _honeypot, ...booking } = parsed.data;
  const photos = upload.files.filter((f) => f.fieldName === 'photos');
  try {
    const { manageToken } = await bookAppointment({ ...booking, ip: context?.clientIp, photos });
    return redirect(`/book/manage/${manageToken}?booked=1`);
  } catch (error) {
    if (error instanceof SlotUnavailableError) {
      const { timeZone } = (await listFreeSlots()).rules;
      const nextSlots = error.nextSlots.map((s) => ({ value: s.startsAt.toISOString(), label: formatAppointmentTime(s.startsAt, timeZone) }));
      return refuse(409, { fieldErrors: { slot: error.message }, values: { ...values, slot: '' }, formError: error.message, nextSlots }, day);
    }
    if (error instanceof BookingPhotoError) {
      return refuse(400, { fieldErrors: { photos: error.message }, values, formError: `${error.message} Please choose your photos again.` }, day);
    }
    if (error instanceof BookingRateLimitError) return refuse(429, { fieldErrors: {}, values, formError: error.message }, day);
    throw error;
  }
}

const inputClass =
  'mt-1 block w-full rounded border border-slate-500 px-3 py-2 text-base shadow-sm focus:border-navy-700 aria-invalid:border-red-700';

function Field(props: {
  name: string;
  label: string;
  type?: string;
  autoComplete?: string;
  inputMode?: 'numeric' | 'tel' | 'email' | 'text';
  required?: boolean;
  error: string | undefined;
  value: string | undefined;
  multiline?: boolean;
  maxLength?: number;
  hint?: string;
}) {
  const id = `book-${props.name}`;
  const describedBy = [props.error ? `${id}-error` : null, props.hint ? `${id}-hint` : null].filter(Boolean).join(' ') || undefined;
  const common = {
    id,
    name: props.name,
    required: props.required,
    defaultValue: props.value,
    maxLength: props.maxLength,
    'aria-invalid': props.error ? true : undefined,
    'aria-describedby': describedBy,
    className: inputClass,
  };
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-semibold text-slate-800">
        {props.label}
        {props.required ? null : <span className="font-normal text-slate-600"> (optional)</span>}
      </label>
      {props.multiline ? (
        <textarea {...common} rows={4} />
      ) : (
        <input {...common} type={props.type ?? 'text'} autoComplete={props.autoComplete} inputMode={props.inputMode} />
      )}
      {props.hint ? (
        <p id={`${id}-hint`} className="mt-1 text-sm text-slate-600">
          {props.hint}
        </p>
      ) : null}
      {props.error ? (
        <p id={`${id}-error`} className="mt-1 text-sm font-medium text-red-700">
          {props.error}
        </p>
      ) : null}
    </div>
  );
}

/** Book an estimate or a drop-off (issue 16 §2). */
export default function Book({ loaderData, actionData }: Route.ComponentProps) {
  const { shop } = useRootData();
  const page = actionData ?? loaderData;
  const refusal = actionData as (Refusal & typeof loaderData) | undefined;
  const errors: Record<string, string> = refusal?.fieldErrors ?? {};
  const values: Values = refusal?.values ?? {};
  const formError = refusal?.formError ?? (Object.keys(errors).length ? 'Error: please check the fields marked below.' : null);
  const type = values.type ?? 'estimate';
  return (
    <main id="main">
      <PageHero title="Book an Estimate" lead="Pick a day and time, tell us about your vehicle, and send a few photos of the damage." />
      {/* The day list's own GET form (no JavaScript: "Show times" reloads the page with that day's times). */}
      <form id="book-day-form" method="get" action="/book" />
      <div className="mx-auto max-w-3xl px-4 py-10">
        <div aria-live="polite">
          <FormMessage text={formError} tone="error" />
        </div>
        {refusal?.nextSlots?.length ? (
          <div className="mt-4 rounded border border-slate-300 bg-slate-50 p-4">
            <p className="font-semibold text-navy-900">The next free times:</p>
            <ul className="mt-2 list-disc pl-6 text-slate-800">
              {refusal.nextSlots.map((s) => (
                <li key={s.value}>{s.label}</li>
              ))}
            </ul>
          </div>
        ) : null}
        <form method="post" action="/book" encType="multipart/form-data" className="mt-6 space-y-8" data-book-form>
          <fieldset className="space-y-2">
            <legend className="text-lg font-bold text-navy-900">What would you like to book?</legend>
            <div className="flex flex-wrap gap-4">
              {BOOKING_TYPES.map((t) => (
                <label key={t} className="flex min-h-11 items-center gap-2 text-base text-slate-900">
                  <input type="radio" name="type" value={t} defaultChecked={t === type} className="h-5 w-5" />
                  {BOOKING_TYPE_LABELS[t]}
                </label>
              ))}
            </div>
            {errors.type ? <p className="text-sm font-medium text-red-700">{errors.type}</p> : null}
          </fieldset>

          <SlotPicker data={page.picker} dayFormId="book-day-form" selected={values.slot} error={errors.slot} phone={shop.phone} />

          <fieldset className="space-y-4">
            <legend className="text-lg font-bold text-navy-900">Your details</legend>
            <Field name="name" label="Name" autoComplete="name" required error={errors.name} value={values.name} />
            <Field name="phone" label="Phone" type="tel" autoComplete="tel" required error={errors.phone} value={values.phone} />
            <Field name="email" label="E-mail" type="email" autoComplete="email" required error={errors.email} value={values.email} hint="We send the confirmation here." />
          </fieldset>

          <fieldset className="space-y-4">
            <legend className="text-lg font-bold text-navy-900">Your vehicle</legend>
            <p className="text-sm text-slate-700">Make and model, or the VIN.</p>
            <div className="grid gap-4 sm:grid-cols-3">
              <Field name="vehicleYear" label="Year" inputMode="numeric" maxLength={4} error={errors.vehicleYear} value={values.vehicleYear} />
              <Field name="vehicleMake" label="Make" error={errors.vehicleMake} value={values.vehicleMake} />
              <Field name="vehicleModel" label="Model" error={errors.vehicleModel} value={values.vehicleModel} />
            </div>
            <Field name="vin" label="VIN" maxLength={17} error={errors.vin} value={values.vin} />
            <div className="grid gap-4 sm:grid-cols-2">
              <Field name="insurer" label="Insurance company" error={errors.insurer} value={values.insurer} />
              <Field name="claimNumber" label="Claim number" error={errors.claimNumber} value={values.claimNumber} />
            </div>
            <Field
              name="description"
              label="What happened? Describe the damage"
              multiline
              maxLength={BOOKING_DESCRIPTION_MAX}
              error={errors.description}
              value={values.description}
            />
            <div>
              <label htmlFor="book-photos" className="block text-sm font-semibold text-slate-800">
                Photos of the damage <span className="font-normal text-slate-600">(optional)</span>
              </label>
              <input
                id="book-photos"
                name="photos"
                type="file"
                accept="image/*"
                multiple
                data-max-files={BOOKING_PHOTO_MAX_FILES}
                data-max-bytes={BOOKING_PHOTO_MAX_BYTES}
                aria-describedby={`book-photos-hint${errors.photos ? ' book-photos-error' : ''}`}
                aria-invalid={errors.photos ? true : undefined}
                className="mt-1 block w-full text-base text-slate-800 file:mr-3 file:min-h-11 file:rounded file:border-0 file:bg-navy-900 file:px-4 file:py-2 file:font-semibold file:text-white"
              />
              <p id="book-photos-hint" className="mt-1 text-sm text-slate-600">
                Up to {BOOKING_PHOTO_MAX_FILES} photos, {BOOKING_PHOTO_MAX_BYTES / 1024 / 1024} MB each, from your camera or gallery (iPhone photos are fine).
              </p>
              {errors.photos ? (
                <p id="book-photos-error" className="mt-1 text-sm font-medium text-red-700">
                  {errors.photos}
                </p>
              ) : null}
            </div>
          </fieldset>

          <div className="flex items-start gap-3">
            <input id="book-sms" name="smsConsent" type="checkbox" defaultChecked={values.smsConsent === 'on'} className="mt-1 h-5 w-5 shrink-0" />
            <label htmlFor="book-sms" className="text-sm text-slate-800">
              Text me about my appointment and repair. <span className="text-slate-700">{page.consentText}</span>
            </label>
          </div>

          {/* Honeypot: hidden from people and assistive technology; bots that fill every field are refused. */}
          <div className="hidden" aria-hidden="true">
            <label htmlFor="book-website">Website</label>
            <input id="book-website" name="website" type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
          </div>

          <button type="submit" className="inline-flex min-h-11 items-center rounded bg-brand-600 px-6 py-3 font-bold text-white hover:bg-brand-700">
            Book My Appointment
          </button>
          <p className="text-sm text-slate-700">
            Prefer to talk? Call us at{' '}
            <a href={telHref(shop.phone)} className="font-semibold text-brand-700 underline">
              {shop.phone}
            </a>
            .
          </p>
        </form>
      </div>
    </main>
  );
}
