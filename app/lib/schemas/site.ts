/**
 * Forms of `/admin/site` (issue 16): the shop's facts, booking settings, holiday closures, gallery items and
 * testimonials. Every text is plain text: markup (`<script>`, `<b>`…) is refused with a field message rather than
 * stored, so nothing a staff member types can become HTML on the public site (React escapes it anyway).
 *
 * Weekly hours come as `open0`/`close0` … `open6`/`close6` (Monday first; both empty = closed that day). Links come as
 * lines "Label=https://…" in one text area; video reels as one YouTube id or link per line.
 */
import { z } from 'zod';
import { formValues, parseForm, type ParseResult } from '~/lib/forms';
import { GALLERY_CATEGORIES } from '~/content/gallery';
import { isSingleLine, SINGLE_LINE_MESSAGE } from './text';

export const SITE_TEXTS = {
  markup: 'Please use plain text: angle brackets (< >) are not allowed.',
  phone: 'Please enter a phone number with at least 10 digits.',
  email: 'Please enter a valid e-mail address, like name@example.com.',
  time: 'Use a time like 08:00.',
  hoursOrder: 'The closing time must be after the opening time.',
  hoursBoth: 'Enter both the opening and the closing time, or neither for a closed day.',
  links: 'One link a line, like "Google Reviews=https://g.page/r/…" (https only).',
  reels: 'One YouTube video id or link a line (the id is 11 letters, digits, - or _).',
  date: 'Please enter a date like 2026-12-25.',
  category: 'Choose Collision, Painting or Maintenance.',
  caption: 'Please enter a caption.',
  name: 'Please enter a name.',
  quote: 'Please enter the quote.',
} as const;

const MARKUP = /<\s*\/?\s*[a-z!?]|[<>]/i;
/** True when `value` has no angle brackets (no markup can hide in it). */
export const isPlainText = (value: string): boolean => !MARKUP.test(value);

const line = (max: number, required?: string) => {
  const base = z.string().trim().max(max, `At most ${max} characters.`);
  return (required ? base.min(1, required) : base).refine(isSingleLine, SINGLE_LINE_MESSAGE).refine(isPlainText, SITE_TEXTS.markup);
};
const text = (max: number, required?: string) => {
  const base = z.string().trim().max(max, `At most ${max} characters.`);
  return (required ? base.min(1, required) : base).refine(isPlainText, SITE_TEXTS.markup);
};
const optionalString = z.string().optional().default('');

/**
 * A coordinate in decimal degrees ("30.0799", "-95.4172"), or empty for none (null). For the map pin in the
 * structured data (schema.org `geo`); six decimals are kept (about 0.1 m).
 */
const coordinate = (limit: 90 | 180, label: string) =>
  optionalString.transform((raw, ctx) => {
    const value = raw.trim();
    if (!value) return null;
    const n = /^[-+]?\d{1,3}(\.\d+)?$/.test(value) ? Number(value) : Number.NaN;
    if (!Number.isFinite(n) || Math.abs(n) > limit) {
      ctx.addIssue({ code: 'custom', message: `${label} is a number of degrees between -${limit} and ${limit}, like ${limit === 90 ? '30.0799' : '-95.4172'}.` });
      return z.NEVER;
    }
    return Math.round(n * 1e6) / 1e6;
  });

export const DAY_NAMES = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

const linksField = z
  .string()
  .optional()
  .default('')
  .transform((value, ctx) => {
    const out: { label: string; url: string }[] = [];
    for (const raw of value.split(/\r?\n/)) {
      const entry = raw.trim();
      if (!entry) continue;
      const at = entry.indexOf('=');
      const label = at > 0 ? entry.slice(0, at).trim() : '';
      const url = at > 0 ? entry.slice(at + 1).trim() : '';
      if (!label || !isPlainText(label) || label.length > 60 || !/^https:\/\/\S+$/.test(url) || !URL.canParse(url) || url.length > 500) {
        ctx.addIssue({ code: 'custom', message: SITE_TEXTS.links });
        return z.NEVER;
      }
      out.push({ label, url });
    }
    if (out.length > 12) {
      ctx.addIssue({ code: 'custom', message: 'At most 12 links.' });
      return z.NEVER;
    }
    return out;
  });

/** A YouTube id from an id or a link (watch?v=, youtu.be/, /shorts/, /embed/); null when none. */
export function youTubeId(value: string): string | null {
  const v = value.trim();
  if (/^[\w-]{11}$/.test(v)) return v;
  if (!URL.canParse(v)) return null;
  const url = new URL(v);
  if (!/(^|\.)(youtube\.com|youtube-nocookie\.com|youtu\.be)$/.test(url.hostname)) return null;
  const candidate = url.searchParams.get('v') ?? url.pathname.split('/').filter(Boolean).pop() ?? '';
  return /^[\w-]{11}$/.test(candidate) ? candidate : null;
}

const reelsField = z
  .string()
  .optional()
  .default('')
  .transform((value, ctx) => {
    const ids: string[] = [];
    for (const raw of value.split(/\r?\n/)) {
      if (!raw.trim()) continue;
      const id = youTubeId(raw);
      if (!id) {
        ctx.addIssue({ code: 'custom', message: SITE_TEXTS.reels });
        return z.NEVER;
      }
      ids.push(id);
    }
    if (ids.length > 24) {
      ctx.addIssue({ code: 'custom', message: 'At most 24 videos.' });
      return z.NEVER;
    }
    return ids;
  });

const dayFields = Object.fromEntries(
  DAY_NAMES.flatMap((_, d) => [
    [`open${d}`, optionalString],
    [`close${d}`, optionalString],
  ]),
) as Record<`open${number}` | `close${number}`, typeof optionalString>;

/** The one-line facts, links and reels of the shop-facts form (hours: {@link WeeklyHoursFormSchema}). */
export const SiteFactsFieldsSchema = z.object({
  name: line(120, 'Please enter the shop name.'),
  phone: line(40, SITE_TEXTS.phone).refine((v) => v.replace(/\D/g, '').length >= 10, SITE_TEXTS.phone),
  email: line(254, SITE_TEXTS.email).pipe(z.email(SITE_TEXTS.email)),
  street: line(160),
  city: line(80, 'Please enter the city.'),
  region: line(40, 'Please enter the state or region.'),
  postalCode: line(20, 'Please enter the postal code.'),
  latitude: coordinate(90, 'Latitude'),
  longitude: coordinate(180, 'Longitude'),
  hoursNote: line(200),
  socialLinks: linksField,
  reviewLinks: linksField,
  videoReelIds: reelsField,
});

/** `open0`/`close0` … `open6`/`close6` → `weeklyHours` (one interval or none per weekday, Monday first). */
export const WeeklyHoursFormSchema = z.object(dayFields).transform((input, ctx) => {
  const days = input as unknown as Record<string, string | undefined>;
  return DAY_NAMES.map((_, d) => {
    const open = (days[`open${d}`] ?? '').trim();
    const close = (days[`close${d}`] ?? '').trim();
    if (!open && !close) return [];
    if (!open || !close) {
      ctx.addIssue({ code: 'custom', path: [open ? `close${d}` : `open${d}`], message: SITE_TEXTS.hoursBoth });
      return [];
    }
    if (!TIME.test(open)) ctx.addIssue({ code: 'custom', path: [`open${d}`], message: SITE_TEXTS.time });
    else if (!TIME.test(close)) ctx.addIssue({ code: 'custom', path: [`close${d}`], message: SITE_TEXTS.time });
    else if (close <= open) ctx.addIssue({ code: 'custom', path: [`close${d}`], message: SITE_TEXTS.hoursOrder });
    return [{ open, close }];
  });
});

/**
 * Shop facts (spec: name, phone, e-mail, street, city, region, postal code, opening hours per weekday, hours note,
 * social and review links; and the video reels). Use {@link parseSiteFactsForm} for a form post: it reports the
 * errors of the facts and of the hours together.
 */
export const SiteFactsSchema = z.object({ ...SiteFactsFieldsSchema.shape, weeklyHours: z.array(z.array(z.object({ open: z.string(), close: z.string() }))) });
export type SiteFactsInput = z.output<typeof SiteFactsSchema>;

/** Parses the shop-facts form: every field error at once (facts and hours), or the input. */
export function parseSiteFactsForm(formData: FormData): ParseResult<SiteFactsInput> {
  const facts = parseForm(SiteFactsFieldsSchema, formData);
  const hours = parseForm(WeeklyHoursFormSchema, formData);
  if (facts.success && hours.success) return { success: true, data: { ...facts.data, weeklyHours: hours.data } };
  const fieldErrors = { ...(facts.success ? {} : facts.fieldErrors), ...(hours.success ? {} : hours.fieldErrors) };
  return { success: false, fieldErrors, values: formValues(formData) };
}

const whole = (label: string, min: number, max: number) =>
  z.coerce
    .number({ error: `${label} must be a whole number from ${min} to ${max}.` })
    .int(`${label} must be a whole number from ${min} to ${max}.`)
    .min(min, `${label} must be a whole number from ${min} to ${max}.`)
    .max(max, `${label} must be a whole number from ${min} to ${max}.`);

/** Booking settings (the `site_settings_booking_range` check of migration 0012, with messages). */
export const BookingSettingsSchema = z.object({
  slotMinutes: whole('Slot length', 10, 480),
  slotCapacity: whole('Appointments per slot', 1, 50),
  bookingDaysAhead: whole('Days ahead', 1, 60),
  bookingLeadHours: whole('Lead time', 0, 168),
});
export type BookingSettingsInput = z.output<typeof BookingSettingsSchema>;

/** A holiday closure: a date and an optional note ("Thanksgiving"). */
export const ClosureSchema = z.object({
  closedOn: z
    .string({ error: SITE_TEXTS.date })
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/, SITE_TEXTS.date)
    .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v), SITE_TEXTS.date),
  note: line(120),
});
export type ClosureInput = z.output<typeof ClosureSchema>;

/** A gallery item's words: caption and category (the photo comes as a file). */
export const GalleryItemSchema = z.object({
  caption: text(300, SITE_TEXTS.caption),
  category: z.enum(GALLERY_CATEGORIES, { error: SITE_TEXTS.category }),
});
export type GalleryItemInput = z.output<typeof GalleryItemSchema>;

/** A testimonial: the customer's name (as shown, "Jessica R.") and the quote. */
export const TestimonialSchema = z.object({
  name: line(80, SITE_TEXTS.name),
  quote: text(600, SITE_TEXTS.quote),
});
export type TestimonialInput = z.output<typeof TestimonialSchema>;
