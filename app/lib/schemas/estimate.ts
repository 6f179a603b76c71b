import { z } from 'zod';
import {
  LABOR_TYPES,
  MATERIALS_MODES,
  MAX_HOURS_TENTHS,
  MAX_QUANTITY,
  PART_TYPES,
  LINE_TYPES,
  TAX_CATEGORIES,
  blankLine,
  type EstimateLine,
} from '~/lib/estimates/lines';
import { MAX_LINE_CENTS, parseHoursToTenths, parseMoneyToCents, parseTaxRate } from '~/lib/money';
import { isSingleLine, SINGLE_LINE_MESSAGE } from './text';

/**
 * Forms of estimates, insurance claims, shop settings, signatures and payments (issue 14), shared by pages and actions.
 * Money is typed as dollars ("1,234.50") and leaves the schema as integer cents; hours as "1.5" → 15 tenths. Caps:
 * $1,000,000 a line, 9,999 units, 999.9 hours, rates up to $100,000 an hour; anything beyond gets a field message.
 */

const oneLine = (max: number, required?: string) => {
  const base = z.string().trim().max(max, `At most ${max} characters.`).refine(isSingleLine, SINGLE_LINE_MESSAGE);
  return required ? base.min(1, required) : base;
};

const optionalOneLine = (max: number) =>
  z
    .string()
    .optional()
    .transform((v) => v ?? '')
    .pipe(oneLine(max))
    .transform((v) => (v ? v : null));

/** Dollars text → cents, 0 … `maxCents`; blank → `blank` (undefined: required). */
export const money = (label: string, maxCents = MAX_LINE_CENTS, blank?: number) =>
  z
    .string()
    .optional()
    .transform((text, ctx) => {
      const value = (text ?? '').trim();
      if (!value) {
        if (blank !== undefined) return blank;
        ctx.addIssue({ code: 'custom', message: `${label} is required.` });
        return z.NEVER;
      }
      const cents = parseMoneyToCents(value);
      if (cents === null) {
        ctx.addIssue({ code: 'custom', message: `${label}: enter an amount in dollars, like 125.50.` });
        return z.NEVER;
      }
      if (cents < 0) {
        ctx.addIssue({ code: 'custom', message: `${label} cannot be negative.` });
        return z.NEVER;
      }
      if (cents > maxCents) {
        ctx.addIssue({ code: 'custom', message: `${label} cannot be more than $${(maxCents / 100).toLocaleString('en-US')}.` });
        return z.NEVER;
      }
      return cents;
    });

const wholeNumber = (label: string, min: number, max: number, blank?: number) =>
  z
    .string()
    .optional()
    .transform((text, ctx) => {
      const value = (text ?? '').trim().replace(/,/g, '');
      if (!value && blank !== undefined) return blank;
      if (!/^-?\d+$/.test(value)) {
        ctx.addIssue({ code: 'custom', message: `${label}: enter a whole number.` });
        return z.NEVER;
      }
      const n = Number(value);
      if (n < min || n > max) {
        ctx.addIssue({ code: 'custom', message: `${label} must be between ${min.toLocaleString('en-US')} and ${max.toLocaleString('en-US')}.` });
        return z.NEVER;
      }
      return n;
    });

const hours = z
  .string()
  .optional()
  .transform((text, ctx) => {
    const tenths = parseHoursToTenths((text ?? '').trim());
    if (tenths === null) {
      ctx.addIssue({ code: 'custom', message: 'Hours: enter hours with at most one decimal, like 2.5.' });
      return z.NEVER;
    }
    if (tenths <= 0 || tenths > MAX_HOURS_TENTHS) {
      ctx.addIssue({ code: 'custom', message: 'Hours must be more than 0 and at most 999.9.' });
      return z.NEVER;
    }
    return tenths;
  });

const checkbox = z
  .string()
  .optional()
  .transform((v) => v === 'on' || v === 'true');

const oneOf = <T extends readonly [string, ...string[]]>(values: T, message: string) =>
  z.enum(values, { error: message });

/** The largest rate (labor or materials) per hour: $100,000.00. */
export const MAX_RATE_CENTS = 10_000_000;

/**
 * Add or edit one estimate line. `lineId` empty → a new line. Fields not used by the line type are ignored. `rate`
 * blank on a labor or paint & materials line → the shop's rate for that type (the action fills it from settings); a
 * blank unit price on a part → the inventory price of its part number (refused when the number is not in inventory).
 * Output: the line without its id, plus `lineId` and whether the rate was left blank.
 */
export const EstimateLineSchema = z
  .object({
    lineId: z.string().optional(),
    lineType: oneOf(LINE_TYPES, 'Choose a line type.'),
    description: z.string().optional(),
    partNumber: z.string().optional(),
    partType: z.string().optional(),
    quantity: z.string().optional(),
    unitPrice: z.string().optional(),
    laborType: z.string().optional(),
    hours: z.string().optional(),
    rate: z.string().optional(),
    materialsMode: z.string().optional(),
    amount: z.string().optional(),
    vendor: z.string().optional(),
    discountAppliesTo: z.string().optional(),
    customerPay: z.string().optional(),
    bettermentPercent: z.string().optional(),
  })
  .transform((raw, ctx) => {
    const issues: { path: string; message: string }[] = [];
    const take = <T>(path: string, schema: z.ZodType<T>, value: unknown): T | undefined => {
      const r = schema.safeParse(value);
      if (r.success) return r.data;
      issues.push({ path, message: r.error.issues[0]?.message ?? 'Invalid value.' });
      return undefined;
    };
    const type = raw.lineType;
    const describe: Record<typeof type, string> = {
      part: 'Enter the part description.',
      labor: 'Enter the labor operation.',
      paint_materials: 'Enter a description, like Paint & materials.',
      sublet: 'Enter the sublet work.',
      fee: 'Enter what the fee is for.',
      discount: 'Enter what the discount is for.',
    };
    const { id: _id, ...blank } = blankLine('', type, take('description', oneLine(300, describe[type]), raw.description ?? '') ?? '');
    const line: Omit<EstimateLine, 'id'> = {
      ...blank,
      customerPay: checkbox.parse(raw.customerPay),
      bettermentPercent: take('bettermentPercent', wholeNumber('Betterment', 0, 100, 0), raw.bettermentPercent) ?? 0,
    };
    let rateBlank = false;
    let priceBlank = false;
    switch (type) {
      case 'part': {
        line.partNumber = take('partNumber', optionalOneLine(60), raw.partNumber) ?? null;
        line.partType = take('partType', oneOf(PART_TYPES, 'Choose the part type.'), raw.partType) ?? null;
        line.quantity = take('quantity', wholeNumber('Quantity', 1, MAX_QUANTITY), raw.quantity) ?? 1;
        priceBlank = !(raw.unitPrice ?? '').trim();
        line.unitPriceCents = priceBlank ? 0 : (take('unitPrice', money('Unit price'), raw.unitPrice) ?? 0);
        if (line.quantity * line.unitPriceCents > MAX_LINE_CENTS) {
          issues.push({ path: 'quantity', message: 'A line cannot be more than $1,000,000: lower the quantity or the price.' });
        }
        break;
      }
      case 'labor': {
        line.laborType = take('laborType', oneOf(LABOR_TYPES, 'Choose the labor type.'), raw.laborType) ?? null;
        line.hoursTenths = take('hours', hours, raw.hours) ?? 0;
        rateBlank = !(raw.rate ?? '').trim();
        line.rateCents = rateBlank ? 0 : (take('rate', money('Rate', MAX_RATE_CENTS), raw.rate) ?? 0);
        if (line.hoursTenths * line.rateCents > MAX_LINE_CENTS * 10) {
          issues.push({ path: 'hours', message: 'A line cannot be more than $1,000,000: lower the hours or the rate.' });
        }
        break;
      }
      case 'paint_materials': {
        line.materialsMode = take('materialsMode', oneOf(MATERIALS_MODES, 'Choose how materials are charged.'), raw.materialsMode) ?? 'rate';
        if (line.materialsMode === 'rate') {
          rateBlank = !(raw.rate ?? '').trim();
          line.rateCents = rateBlank ? 0 : (take('rate', money('Materials rate', MAX_RATE_CENTS), raw.rate) ?? 0);
        } else {
          line.amountCents = take('amount', money('Amount'), raw.amount) ?? 0;
        }
        break;
      }
      case 'sublet':
        line.vendor = take('vendor', optionalOneLine(120), raw.vendor) ?? null;
        line.amountCents = take('amount', money('Amount'), raw.amount) ?? 0;
        break;
      case 'fee':
        line.amountCents = take('amount', money('Amount'), raw.amount) ?? 0;
        break;
      case 'discount':
        line.amountCents = take('amount', money('Amount'), raw.amount) ?? 0;
        line.discountAppliesTo = take('discountAppliesTo', oneOf(TAX_CATEGORIES, 'Choose what the discount applies to.'), raw.discountAppliesTo) ?? null;
        break;
    }
    if (type === 'discount') {
      line.customerPay = false;
      line.bettermentPercent = 0;
    }
    for (const issue of issues) ctx.addIssue({ code: 'custom', message: issue.message, path: [issue.path] });
    if (issues.length) return z.NEVER;
    const lineId = (raw.lineId ?? '').trim() || null;
    return { lineId, line, rateBlank, priceBlank };
  });
export type EstimateLineInput = z.output<typeof EstimateLineSchema>;

const optionalDate = z
  .string()
  .optional()
  .transform((v) => (v ?? '').trim())
  .pipe(z.union([z.literal(''), z.iso.date('Use a date like 2026-11-22.')]))
  .transform((v) => (v ? v : null));

/** The insurance claim of a work order. Insurer and claim number are required; the deductible defaults to $0. */
export const InsuranceClaimSchema = z.object({
  insurerName: z.string({ error: 'Enter the insurance company.' }).pipe(oneLine(120, 'Enter the insurance company.')),
  claimNumber: z.string({ error: 'Enter the claim number.' }).pipe(oneLine(60, 'Enter the claim number.')),
  policyNumber: optionalOneLine(60),
  adjusterName: optionalOneLine(120),
  adjusterPhone: optionalOneLine(40),
  adjusterEmail: z
    .string()
    .trim()
    .max(254, 'That email address is too long.')
    .optional()
    .transform((v) => (v ? v.toLowerCase() : null))
    .pipe(z.email('Enter a valid email address.').nullable()),
  deductible: money('Deductible', MAX_LINE_CENTS, 0),
  dateOfLoss: optionalDate,
  pointOfImpact: optionalOneLine(120),
  directRepairProgram: checkbox,
  odometer: z
    .string()
    .optional()
    .transform((v) => (v ?? '').trim().replace(/,/g, ''))
    .pipe(z.union([z.literal(''), z.string().regex(/^\d{1,7}$/, 'Odometer: enter whole miles, like 48250.')]))
    .transform((v) => (v ? Number(v) : null)),
});
export type InsuranceClaimInput = z.output<typeof InsuranceClaimSchema>;

const rate = (label: string) => money(label, MAX_RATE_CENTS);

/** "20:00" (an `<input type="time">`) → minutes after midnight (1200). */
const clockTime = (label: string) =>
  z
    .string({ error: `${label}: enter a time.` })
    .trim()
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, `${label}: enter a time like 20:00.`)
    .transform((v) => Number(v.slice(0, 2)) * 60 + Number(v.slice(3, 5)));

/** Minutes after midnight → "HH:MM" for a time input. */
export const minutesToClock = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/** Shop settings (`/admin/settings`): rates, tax, terms. The logo is a separate upload form. */
export const ShopSettingsSchema = z.object({
  bodyRate: rate('Body labor rate'),
  refinishRate: rate('Refinish labor rate'),
  mechanicalRate: rate('Mechanical labor rate'),
  frameRate: rate('Frame labor rate'),
  structuralRate: rate('Structural labor rate'),
  materialsRate: rate('Paint & materials rate'),
  taxRate: z
    .string({ error: 'Enter the tax rate.' })
    .transform((text, ctx) => {
      const value = parseTaxRate(text);
      if (value === null || value > 30_000) {
        ctx.addIssue({ code: 'custom', message: 'Tax rate: enter a percent between 0 and 30, like 8.25.' });
        return z.NEVER;
      }
      return value;
    }),
  taxedCategories: z
    .union([z.string(), z.array(z.string())])
    .optional()
    .transform((v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]))
    .pipe(z.array(oneOf(TAX_CATEGORIES, 'Choose taxed line types from the list.'))),
  estimateTerms: z.string().optional().transform((v) => (v ?? '').trim()).pipe(z.string().max(5000, 'At most 5,000 characters.')),
  // Customer messages (issue 15). Left out of a post: unchanged.
  quietHoursStart: clockTime('Quiet hours start').optional(),
  quietHoursEnd: clockTime('Quiet hours end').optional(),
  pickupHours: optionalOneLine(120).optional(),
  reviewUrl: z
    .string()
    .trim()
    .max(500, 'At most 500 characters.')
    .refine((v) => v === '' || /^https:\/\/[^\s]+$/.test(v), 'Enter the full review link, starting with https://.')
    .optional(),
  reviewDelayHours: z
    .string()
    .trim()
    .regex(/^\d{1,3}$/, 'Enter whole hours between 0 and 720.')
    .transform(Number)
    .refine((v) => v <= 720, 'Enter whole hours between 0 and 720.')
    .optional(),
});
export type ShopSettingsInput = z.output<typeof ShopSettingsSchema>;

/**
 * The ESIGN consent disclosure shown before a customer signs (15 U.S.C. § 7001(c): consent to electronic records
 * after a clear statement of the right to paper, how to withdraw, the scope, and the hardware and software needed).
 * Stored word for word with every signature.
 */
export const ESIGN_CONSENT_TEXT =
  'I agree to use electronic records and signatures for this estimate. I understand that my typed name below is my ' +
  'signature and has the same effect as a handwritten one. I may ask the shop for a paper copy at no charge, and I ' +
  'may withdraw this consent before signing by telling the shop, in which case I can sign on paper instead. This ' +
  'consent applies to this estimate or supplement only. To view, sign and keep it I need a device with a current web ' +
  'browser and a PDF viewer; I can download the PDF and my approval certificate from My Documents.';

/** Approve (typed full name, consent) or decline (typed name, optional reason) one version. */
export const SignEstimateSchema = z
  .object({
    decision: oneOf(['approve', 'decline'] as const, 'Choose approve or decline.'),
    signerName: z.string({ error: 'Type your full name.' }).pipe(oneLine(120, 'Type your full name.')),
    consent: z.string().optional(),
    declineReason: z.string().optional().transform((v) => (v ?? '').trim()).pipe(z.string().max(1000, 'At most 1,000 characters.')),
    pdfSha256: z.string().regex(/^[0-9a-f]{64}$/, 'Reload the page: the document could not be identified.'),
  })
  .superRefine((value, ctx) => {
    if (value.decision === 'approve' && value.consent !== 'on') {
      ctx.addIssue({ code: 'custom', path: ['consent'], message: 'Please accept the consent to sign electronically.' });
    }
    if (value.signerName.length < 2) ctx.addIssue({ code: 'custom', path: ['signerName'], message: 'Type your full name.' });
  });
export type SignEstimateInput = z.output<typeof SignEstimateSchema>;

/** A payment against the final repair invoice. */
export const PaymentSchema = z.object({
  method: oneOf(['cash', 'check', 'card', 'insurance'] as const, 'Choose how it was paid.'),
  amount: money('Amount'),
  reference: optionalOneLine(80),
});
export type PaymentInput = z.output<typeof PaymentSchema>;


/** The largest BMS estimate file read (5 MB; real exports are under 100 KB). */
export const MAX_BMS_BYTES = 5 * 1024 * 1024;
/** The largest shop logo (2 MB). */
export const LOGO_MAX_BYTES = 2 * 1024 * 1024;
