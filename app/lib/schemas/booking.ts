/**
 * The public booking form `/book` (issue 16 §2) and the visitor's manage page `/book/manage/:token`.
 *
 * - `BookingSchema`: type (estimate | drop_off), slot (the start instant, ISO 8601), name, phone and e-mail required;
 *   vehicle year (optional, 1900 to next year), make and model, or a VIN (one of the two is required); insurer and
 *   claim number optional; description optional (≤ {@link BOOKING_DESCRIPTION_MAX}); `smsConsent` ('on' when the box
 *   was ticked); `website` is the honeypot. Every field but the description is one line (issue 13).
 * - `RescheduleSchema`: intent 'reschedule' with a new slot, or intent 'cancel'.
 * - Photos: at most {@link BOOKING_PHOTO_MAX_FILES}, each at most {@link BOOKING_PHOTO_MAX_BYTES} (read by the upload
 *   parser, not by this schema).
 */
import { z } from 'zod';
import { normalizeVin } from '~/lib/vin';
import { isSingleLine, SINGLE_LINE_MESSAGE } from './text';
import { maxVehicleYear } from './vehicle';

/** The appointment types offered online (the same as `appointments.type`, app/server/db/schema.ts). */
export const BOOKING_TYPES = ['estimate', 'drop_off'] as const;
export const BOOKING_TYPE_LABELS = { estimate: 'Free estimate', drop_off: 'Drop off my vehicle' } as const;

export const BOOKING_PHOTO_MAX_FILES = 10;
export const BOOKING_PHOTO_MAX_BYTES = 15 * 1024 * 1024;
export const BOOKING_DESCRIPTION_MAX = 2000;

export const BOOKING_TEXTS = {
  typeRequired: 'Please choose estimate or drop-off.',
  slotRequired: 'Please choose a day and a time.',
  nameRequired: 'Please enter your name.',
  phoneRequired: 'Please enter a phone number we can reach you at.',
  phoneInvalid: 'Please enter a valid phone number, like (281) 555-0147.',
  emailRequired: 'Please enter your e-mail address.',
  emailInvalid: 'Please enter a valid e-mail address, like name@example.com.',
  vehicleRequired: 'Please enter the vehicle’s make and model, or its VIN.',
  yearInvalid: 'Year must be a number from 1900 to next year.',
  vinInvalid: 'A VIN has 17 letters and digits (no I, O or Q).',
  descriptionTooLong: `Please keep the description under ${BOOKING_DESCRIPTION_MAX.toLocaleString('en-US')} characters.`,
  honeypot: 'Your booking could not be sent because it looked like spam. Please call us instead.',
  rateLimited: 'Too many bookings from your connection. Please wait an hour and try again, or call us.',
  slotTaken: 'Sorry, that time was just taken. Please choose another time: the next free times are listed below.',
  slotPast: 'That time has passed or is too soon to book online. Please choose a later time.',
  slotTooFar: 'That day is too far ahead to book online. Please choose an earlier day.',
  slotClosed: 'We are closed that day. Please choose another day.',
  slotInvalid: 'That is not one of our booking times. Please choose a time from the list.',
  tooManyPhotos: `Please send at most ${BOOKING_PHOTO_MAX_FILES} photos.`,
  photoTooLarge: `Each photo must be ${BOOKING_PHOTO_MAX_BYTES / 1024 / 1024} MB or smaller.`,
  notAnImage: 'Only photos can be sent (JPEG, PNG, WebP, HEIC or AVIF).',
  heicFailed:
    'We could not convert an iPhone photo (HEIC). Please send it as JPEG: on the iPhone, Settings → Camera → Formats → Most Compatible, or share the photo by e-mail.',
  booked: 'You are booked. We have sent a confirmation by e-mail.',
  cancelled: 'Your appointment is cancelled.',
  rescheduled: 'Your appointment has been moved.',
  manageNotFound: 'This link is not valid. Please use the link in your confirmation e-mail, or call us.',
  manageClosed: 'This appointment can no longer be changed online. Please call us.',
} as const;

const line = (max: number, required?: string) => {
  const base = z.string({ error: required ?? 'Required.' }).trim();
  const sized = required ? base.min(1, required).max(max, `At most ${max} characters.`) : base.max(max, `At most ${max} characters.`);
  return sized.refine(isSingleLine, SINGLE_LINE_MESSAGE);
};
const optionalLine = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `At most ${max} characters.`)
    .refine(isSingleLine, SINGLE_LINE_MESSAGE)
    .optional()
    .transform((v) => (v ? v : null));

/** An ISO 8601 instant as posted by the slot radios ("2026-11-24T14:00:00.000Z"). */
const slot = z
  .string({ error: BOOKING_TEXTS.slotRequired })
  .trim()
  .min(1, BOOKING_TEXTS.slotRequired)
  .max(40, BOOKING_TEXTS.slotRequired)
  .refine((v) => /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{3})?)?Z$/.test(v) && !Number.isNaN(Date.parse(v)), BOOKING_TEXTS.slotRequired)
  .transform((v) => new Date(v));

export const BookingSchema = z
  .object({
    type: z.enum(BOOKING_TYPES, { error: BOOKING_TEXTS.typeRequired }),
    slot,
    name: line(120, BOOKING_TEXTS.nameRequired),
    // Digits and the usual separators only, at least 7 digits, an optional extension ("x12", "ext. 12").
    phone: line(40, BOOKING_TEXTS.phoneRequired).refine(
      (v) => /^[0-9+().\-\s]+(?:(?:ext\.?|x)\s*\d{1,6})?$/i.test(v) && v.replace(/\D/g, '').length >= 7,
      BOOKING_TEXTS.phoneInvalid,
    ),
    email: z
      .string({ error: BOOKING_TEXTS.emailRequired })
      .trim()
      .min(1, BOOKING_TEXTS.emailRequired)
      .max(254, BOOKING_TEXTS.emailInvalid)
      .refine(isSingleLine, BOOKING_TEXTS.emailInvalid)
      .pipe(z.email(BOOKING_TEXTS.emailInvalid)),
    vehicleYear: z
      .string()
      .trim()
      .optional()
      .refine((v) => !v || (/^\d{4}$/.test(v) && Number(v) >= 1900 && Number(v) <= maxVehicleYear()), BOOKING_TEXTS.yearInvalid)
      .transform((v) => (v ? Number(v) : null)),
    vehicleMake: optionalLine(60),
    vehicleModel: optionalLine(60),
    vin: z
      .string()
      .optional()
      .transform((v) => normalizeVin(v ?? ''))
      .refine((v) => v === '' || /^[A-HJ-NPR-Z0-9]{17}$/.test(v), BOOKING_TEXTS.vinInvalid)
      .transform((v) => (v ? v : null)),
    insurer: optionalLine(120),
    claimNumber: optionalLine(60),
    description: z
      .string()
      .trim()
      .max(BOOKING_DESCRIPTION_MAX, BOOKING_TEXTS.descriptionTooLong)
      .optional()
      .transform((v) => v ?? ''),
    smsConsent: z
      .string()
      .optional()
      .transform((v) => v === 'on'),
    website: z.string().optional(),
  })
  .superRefine((v, ctx) => {
    if (!v.vin && !(v.vehicleMake && v.vehicleModel)) {
      ctx.addIssue({ code: 'custom', path: [v.vehicleMake ? 'vehicleModel' : 'vehicleMake'], message: BOOKING_TEXTS.vehicleRequired });
    }
  });
export type BookingForm = z.output<typeof BookingSchema>;

/** The manage page's actions. */
export const ManageBookingSchema = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal('cancel') }),
  z.object({ intent: z.literal('reschedule'), slot }),
]);
export type ManageBookingForm = z.output<typeof ManageBookingSchema>;
