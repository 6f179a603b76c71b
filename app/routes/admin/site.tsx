import { data, Form, useNavigation } from 'react-router';
import { ResultMessage as Message, SiteGalleryList, SiteTestimonialList, TextArea, type SiteActionResult } from '~/components/admin/site-content';
import { buttonClass, secondaryButtonClass, Section, SelectField } from '~/components/admin/ui';
import { TextField } from '~/components/ui/field';
import { CATEGORY_LABELS, GALLERY_CATEGORIES } from '~/content/gallery';
import { parseForm } from '~/lib/forms';
import { pageMeta } from '~/lib/meta';
import {
  BookingSettingsSchema,
  ClosureSchema,
  DAY_NAMES,
  GalleryItemSchema,
  parseSiteFactsForm,
  TestimonialSchema,
} from '~/lib/schemas/site';
import { requireStaff } from '~/server/auth/permissions.server';
import { intentResult, readAdminForm } from '~/server/documents/admin-form.server';
import {
  addClosure,
  addGalleryItem,
  addTestimonial,
  deleteGalleryItem,
  deleteTestimonial,
  listGalleryForAdmin,
  listTestimonialsForAdmin,
  listUpcomingClosures,
  moveGalleryItem,
  moveTestimonial,
  removeClosure,
  saveBookingSettings,
  saveSiteFacts,
  setGalleryItemPublished,
  setTestimonialPublished,
  updateGalleryItem,
  updateTestimonial,
} from '~/server/site/site-content.server';
import { SITE_IMAGE_MAX_BYTES } from '~/server/site/site-images.server';
import { getSiteSettings } from '~/server/site/site-settings.server';
import { shopToday } from '~/server/work-orders/list-work-orders.server';
import type { Route } from './+types/site';

/**
 * Site content (issue 16): the shop's facts (one source for footer, contact, about, structured data, mails and
 * booking slots), booking settings, holiday closures, video reels, the gallery and the testimonials. Staff only;
 * every write is audited (`site.*`) and shows on the public pages at once, in every web process. Every form works
 * without JavaScript; order is changed with Up/Down buttons.
 */
export const meta: Route.MetaFunction = ({ matches }) => pageMeta({ matches, title: 'Site content', noindex: true });

const linesOf = (links: { label: string; url: string }[]) => links.map((l) => `${l.label}=${l.url}`).join('\n');

export async function loader({ request }: Route.LoaderArgs) {
  await requireStaff(request, 'settings');
  const settings = await getSiteSettings();
  const [closures, gallery, testimonials] = await Promise.all([
    listUpcomingClosures(shopToday()),
    listGalleryForAdmin(),
    listTestimonialsForAdmin(),
  ]);
  const facts: Record<string, string> = {
    name: settings.name,
    phone: settings.phone,
    email: settings.email,
    street: settings.street,
    city: settings.city,
    region: settings.region,
    postalCode: settings.postalCode,
    latitude: settings.latitude === null ? '' : String(settings.latitude),
    longitude: settings.longitude === null ? '' : String(settings.longitude),
    hoursNote: settings.hoursNote,
    socialLinks: linesOf(settings.socialLinks),
    reviewLinks: linesOf(settings.reviewLinks),
    videoReelIds: settings.videoReelIds.join('\n'),
  };
  settings.weeklyHours.forEach((day, d) => {
    facts[`open${d}`] = day[0]?.open ?? '';
    facts[`close${d}`] = day[0]?.close ?? '';
  });
  return {
    facts,
    booking: {
      slotMinutes: String(settings.slotMinutes),
      slotCapacity: String(settings.slotCapacity),
      bookingDaysAhead: String(settings.bookingDaysAhead),
      bookingLeadHours: String(settings.bookingLeadHours),
    },
    saved: settings.updatedAt !== null,
    closures: closures.map((c) => ({ id: c.id, closedOn: c.closedOn, note: c.note })),
    gallery: gallery.map((g) => ({
      id: g.id,
      caption: g.caption,
      category: g.category,
      published: g.published,
      image: g.image,
      beforeImage: g.beforeImage,
    })),
    testimonials: testimonials.map((t) => ({ id: t.id, name: t.name, quote: t.quote, published: t.published })),
    maxPhotoMb: SITE_IMAGE_MAX_BYTES / 1024 / 1024,
  };
}

function fail(intent: string, message: string, status: number, fieldErrors: Record<string, string> = {}, values?: Record<string, string>, id?: string) {
  return data<SiteActionResult>({ intent, ok: false, message, fieldErrors, values, id, at: Date.now() }, status);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const FIX = 'Please correct the highlighted fields.';

export async function action({ request }: Route.ActionArgs) {
  const user = await requireStaff(request, 'settings');
  const form = await readAdminForm(request, { maxFileSize: SITE_IMAGE_MAX_BYTES, maxFiles: 2 });
  const intent = String(form.fields.get('intent') ?? '');
  if (form.uploadError) return fail(intent || 'add-photo', form.uploadError.message, form.uploadError.status, { photo: form.uploadError.message });
  const id = String(form.fields.get('id') ?? '');
  const direction = form.fields.get('direction') === 'up' ? 'up' : 'down';
  const needsId = !['save-facts', 'save-booking', 'add-closure', 'add-photo', 'add-testimonial'].includes(intent);
  if (needsId && !UUID.test(id)) return fail(intent, 'That item no longer exists. Reload the page.', 404);
  const run = (fn: () => Promise<string>) => withId(intentResult(intent, fn), id);
  switch (intent) {
    case 'save-facts': {
      const parsed = parseSiteFactsForm(form.fields);
      if (!parsed.success) return fail(intent, FIX, 400, parsed.fieldErrors, parsed.values);
      return run(() => saveSiteFacts(user, parsed.data));
    }
    case 'save-booking': {
      const parsed = parseForm(BookingSettingsSchema, form.fields);
      if (!parsed.success) return fail(intent, FIX, 400, parsed.fieldErrors, parsed.values);
      return run(() => saveBookingSettings(user, parsed.data));
    }
    case 'add-closure': {
      const parsed = parseForm(ClosureSchema, form.fields);
      if (!parsed.success) return fail(intent, FIX, 400, parsed.fieldErrors, parsed.values);
      return run(() => addClosure(user, parsed.data));
    }
    case 'remove-closure':
      return run(() => removeClosure(user, id));
    case 'add-photo': {
      const parsed = parseForm(GalleryItemSchema, form.fields);
      if (!parsed.success) return fail(intent, FIX, 400, parsed.fieldErrors, parsed.values);
      const photo = form.files.find((f) => f.fieldName === 'photo');
      const before = form.files.find((f) => f.fieldName === 'before');
      return run(() => addGalleryItem(user, parsed.data, photo?.bytes ?? new Uint8Array(), before?.bytes ?? null));
    }
    case 'update-photo': {
      const parsed = parseForm(GalleryItemSchema, form.fields);
      if (!parsed.success) return fail(intent, FIX, 400, parsed.fieldErrors, parsed.values, id);
      return run(() => updateGalleryItem(user, id, parsed.data));
    }
    case 'publish-photo':
    case 'hide-photo':
      return run(() => setGalleryItemPublished(user, id, intent === 'publish-photo'));
    case 'move-photo':
      return run(() => moveGalleryItem(user, id, direction));
    case 'delete-photo':
      return run(() => deleteGalleryItem(user, id));
    case 'add-testimonial': {
      const parsed = parseForm(TestimonialSchema, form.fields);
      if (!parsed.success) return fail(intent, FIX, 400, parsed.fieldErrors, parsed.values);
      return run(() => addTestimonial(user, parsed.data));
    }
    case 'update-testimonial': {
      const parsed = parseForm(TestimonialSchema, form.fields);
      if (!parsed.success) return fail(intent, FIX, 400, parsed.fieldErrors, parsed.values, id);
      return run(() => updateTestimonial(user, id, parsed.data));
    }
    case 'publish-testimonial':
    case 'hide-testimonial':
      return run(() => setTestimonialPublished(user, id, intent === 'publish-testimonial'));
    case 'move-testimonial':
      return run(() => moveTestimonial(user, id, direction));
    case 'delete-testimonial':
      return run(() => deleteTestimonial(user, id));
    default:
      return fail(intent, 'Error: unknown action.', 400);
  }
}

/** The answer of `intentResult` with the item id, so the row that was acted on shows the message. */
async function withId(result: ReturnType<typeof intentResult>, id: string) {
  const answer = await result;
  return data<SiteActionResult>({ ...answer.data, id }, answer.init ?? undefined);
}

export default function SiteContent({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = (intent: string) => navigation.state === 'submitting' && navigation.formData?.get('intent') === intent;
  const result = (intent: string) => (actionData?.intent === intent ? actionData : undefined);
  const facts = result('save-facts');
  const factErrors = facts?.fieldErrors ?? {};
  const factValue = (name: string) => facts?.values?.[name] ?? loaderData.facts[name] ?? '';
  const booking = result('save-booking');
  const bookingErrors = booking?.fieldErrors ?? {};
  const bookingValue = (name: keyof typeof loaderData.booking) => booking?.values?.[name] ?? loaderData.booking[name];
  const closure = result('add-closure') ?? result('remove-closure');
  const addPhoto = result('add-photo');
  const addQuote = result('add-testimonial');

  return (
    <div className="max-w-4xl">
      <h1 className="text-2xl font-bold text-navy-900">Site content</h1>
      <p className="text-slate-700">
        What visitors see on the public site. Changes show at once.{' '}
        {loaderData.saved ? null : 'Until the first save, the facts come from the server configuration.'}
      </p>

      <Section title="Shop facts" id="facts-h">
        <Form method="post" className="space-y-4" noValidate>
          <input type="hidden" name="intent" value="save-facts" />
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField label="Shop name" name="name" required defaultValue={factValue('name')} error={factErrors.name} />
            <TextField label="Phone" name="phone" type="tel" required defaultValue={factValue('phone')} error={factErrors.phone} />
            <TextField label="E-mail" name="email" type="email" required defaultValue={factValue('email')} error={factErrors.email} />
            <TextField label="Street" name="street" defaultValue={factValue('street')} error={factErrors.street} />
            <TextField label="City" name="city" required defaultValue={factValue('city')} error={factErrors.city} />
            <TextField label="State or region" name="region" required defaultValue={factValue('region')} error={factErrors.region} />
            <TextField label="Postal code" name="postalCode" required defaultValue={factValue('postalCode')} error={factErrors.postalCode} />
            <TextField
              label="Latitude (optional, for the map pin)"
              name="latitude"
              inputMode="decimal"
              defaultValue={factValue('latitude')}
              error={factErrors.latitude}
            />
            <TextField
              label="Longitude (optional)"
              name="longitude"
              inputMode="decimal"
              defaultValue={factValue('longitude')}
              error={factErrors.longitude}
            />
          </div>
          <fieldset className="min-w-0 rounded border border-slate-200 p-3">
            <legend className="px-1 text-sm font-semibold text-slate-800">Opening hours (leave both empty for a closed day)</legend>
            <div className="space-y-2">
              {DAY_NAMES.map((day, d) => (
                <div key={day} className="grid grid-cols-2 items-start gap-x-3 sm:grid-cols-[7rem_minmax(0,1fr)_minmax(0,1fr)] sm:gap-3">
                  {/* On a phone the day name sits above its two times (issue 17 §7: no sideways scrolling). */}
                  <span className="col-span-2 font-semibold text-slate-800 sm:col-span-1 sm:pt-8">{day}</span>
                  <TextField label={`${day} opens`} name={`open${d}`} type="time" defaultValue={factValue(`open${d}`)} error={factErrors[`open${d}`]} />
                  <TextField label={`${day} closes`} name={`close${d}`} type="time" defaultValue={factValue(`close${d}`)} error={factErrors[`close${d}`]} />
                </div>
              ))}
            </div>
            <TextField className="mt-3" label="Hours note" name="hoursNote" defaultValue={factValue('hoursNote')} error={factErrors.hoursNote} hint="Shown after the hours, e.g. Saturday by appointment." />
          </fieldset>
          <TextArea label="Social links" name="socialLinks" defaultValue={factValue('socialLinks')} error={factErrors.socialLinks} hint='One a line: "Facebook=https://facebook.com/…".' />
          <TextArea label="Review links" name="reviewLinks" defaultValue={factValue('reviewLinks')} error={factErrors.reviewLinks} hint='One a line: "Google Reviews=https://g.page/r/…". Shown in the footer.' />
          <TextArea label="Video reels (YouTube)" name="videoReelIds" defaultValue={factValue('videoReelIds')} error={factErrors.videoReelIds} hint="One YouTube link or video id a line, in the order shown in the Repair Gallery." />
          <button type="submit" className={buttonClass} disabled={busy('save-facts')}>
            {busy('save-facts') ? 'Saving...' : 'Save shop facts'}
          </button>
          <Message r={facts} />
        </Form>
      </Section>

      <Section title="Online booking" id="booking-h">
        <Form method="post" className="space-y-4" noValidate>
          <input type="hidden" name="intent" value="save-booking" />
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField label="Slot length (minutes)" name="slotMinutes" inputMode="numeric" required defaultValue={bookingValue('slotMinutes')} error={bookingErrors.slotMinutes} />
            <TextField label="Appointments per slot" name="slotCapacity" inputMode="numeric" required defaultValue={bookingValue('slotCapacity')} error={bookingErrors.slotCapacity} />
            <TextField label="Days ahead a visitor may book (at most 60)" name="bookingDaysAhead" inputMode="numeric" required defaultValue={bookingValue('bookingDaysAhead')} error={bookingErrors.bookingDaysAhead} />
            <TextField label="Earliest booking (hours from now)" name="bookingLeadHours" inputMode="numeric" required defaultValue={bookingValue('bookingLeadHours')} error={bookingErrors.bookingLeadHours} />
          </div>
          <button type="submit" className={buttonClass} disabled={busy('save-booking')}>
            {busy('save-booking') ? 'Saving...' : 'Save booking settings'}
          </button>
          <Message r={booking} />
        </Form>
      </Section>

      <Section title="Holiday closures" id="closures-h">
        {loaderData.closures.length ? (
          <ul className="divide-y divide-slate-200">
            {loaderData.closures.map((c) => (
              <li key={c.id} className="flex items-center justify-between gap-3 py-2">
                <span>
                  <span className="font-semibold">{c.closedOn}</span> {c.note ? `— ${c.note}` : null}
                </span>
                <Form method="post">
                  <input type="hidden" name="intent" value="remove-closure" />
                  <input type="hidden" name="id" value={c.id} />
                  <button type="submit" className={secondaryButtonClass}>
                    Remove<span className="sr-only"> closure on {c.closedOn}</span>
                  </button>
                </Form>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-slate-700">No closures ahead.</p>
        )}
        <Form method="post" className="mt-3 grid items-end gap-3 sm:grid-cols-[12rem_1fr_auto]" noValidate>
          <input type="hidden" name="intent" value="add-closure" />
          <TextField label="Closed on" name="closedOn" type="date" required error={closure?.fieldErrors.closedOn} />
          <TextField label="Note" name="note" placeholder="Thanksgiving" error={closure?.fieldErrors.note} />
          <button type="submit" className={buttonClass} disabled={busy('add-closure')}>
            Add closure
          </button>
        </Form>
        <Message r={closure} />
      </Section>

      <Section title="Gallery" id="gallery-h">
        <p className="text-sm text-slate-700">
          The first published before/after pair is shown on the home page; every published item in the Repair Gallery.
        </p>
        <SiteGalleryList items={loaderData.gallery} actionData={actionData} />
        <Form method="post" action="?intent=add-photo" encType="multipart/form-data" className="mt-4 space-y-3 rounded border border-slate-200 p-3" noValidate>
          <h3 className="font-bold text-navy-900">Add a photo or a before/after pair</h3>
          <input type="hidden" name="intent" value="add-photo" />
          <TextField
            label={`Photo (the "after" of a pair; JPEG, PNG or WebP, at most ${loaderData.maxPhotoMb} MB)`}
            name="photo"
            type="file"
            accept="image/jpeg,image/png,image/webp,image/heic,image/heif"
            required
            error={addPhoto?.fieldErrors.photo}
          />
          <TextField label="Before photo (optional)" name="before" type="file" accept="image/jpeg,image/png,image/webp,image/heic,image/heif" error={addPhoto?.fieldErrors.before} />
          <div className="grid gap-3 sm:grid-cols-[1fr_12rem]">
            <TextField label="Caption" name="caption" required defaultValue={addPhoto?.values?.caption} error={addPhoto?.fieldErrors.caption} />
            <SelectField label="Category" name="category" defaultValue={addPhoto?.values?.category ?? 'collision'} error={addPhoto?.fieldErrors.category}>
              {GALLERY_CATEGORIES.map((c) => (
                <option key={c} value={c}>
                  {CATEGORY_LABELS[c]}
                </option>
              ))}
            </SelectField>
          </div>
          <button type="submit" className={buttonClass} disabled={busy('add-photo')}>
            {busy('add-photo') ? 'Uploading...' : 'Add to gallery'}
          </button>
          <Message r={addPhoto} />
        </Form>
      </Section>

      <Section title="Testimonials" id="testimonials-h">
        <p className="text-sm text-slate-700">The home page carousel shows the first five published.</p>
        <SiteTestimonialList items={loaderData.testimonials} actionData={actionData} />
        <Form method="post" className="mt-4 space-y-3 rounded border border-slate-200 p-3" noValidate>
          <h3 className="font-bold text-navy-900">Add a testimonial</h3>
          <input type="hidden" name="intent" value="add-testimonial" />
          <TextField label="Customer name (as shown)" name="name" required defaultValue={addQuote?.values?.name} error={addQuote?.fieldErrors.name} />
          <TextArea label="Quote" name="quote" required defaultValue={addQuote?.values?.quote} error={addQuote?.fieldErrors.quote} />
          <button type="submit" className={buttonClass} disabled={busy('add-testimonial')}>
            Add testimonial
          </button>
          <Message r={addQuote} />
        </Form>
      </Section>
    </div>
  );
}
