/**
 * Reading a CIECA BMS estimate (issue 14, item 5): the `VehicleDamageEstimateAddRq` XML that CCC ONE, Mitchell and
 * Audatex export, mapped onto our estimate lines (~/lib/estimates/lines), the claim, the owner and the vehicle, plus a
 * comparison of the file's own totals with what `computeTotals` makes of the imported lines. Pure: no database, no I/O.
 *
 * - `parseBmsEstimate(input)` → `ParsedBmsEstimate`. Input is the file as text or bytes (UTF-8, or UTF-16 with a BOM),
 *   at most `MAX_BMS_BYTES`. Money becomes integer cents and hours integer tenths by string arithmetic, rounded half
 *   up ("1.25" h → 13 tenths, "210.385" → 21039 cents); no value goes through floating point.
 * - `compareWithFileTotals(parsed.fileTotals, ours)` → the file totals that differ from ours, in cents.
 * - `ruleFromBms(parsed, fallback)` → the tax rule the file implies (rate and taxed categories), else the fallback.
 *
 * Errors: `DomainError('validation', message)` with a message fit to show, for a file over 5 MB, a file that declares
 * a DOCTYPE or entities (refused before parsing, so entity bombs never expand), text that is not complete XML, XML that
 * is not a BMS estimate, and an estimate without damage lines. Anything the mapping cannot place is not an error but a
 * line in `warnings` (e.g. "Line 12 has no price and was imported at $0.00").
 *
 * How a DamageLineInfo becomes our lines (one per priced component):
 * - PartInfo → a `part` line (PartPrice × Quantity); PartType PAN → OEM, PAA → aftermarket, PAL (like kind & quality,
 *   i.e. recycled) → used, PAM/PAR/PAC (remanufactured, recored, rechromed) → remanufactured. PAE ("existing", the part
 *   stays on the car) at $0 is no part at all. A PartInfo under SubletInfo, or of type PAS/PASL, is a `sublet` line.
 * - LaborInfo / RefinishLaborInfo → a `labor` line per block with hours (LaborInclInd = 1, "included", is skipped);
 *   LAB/LAG/LAA/LA1–LA4 → body, LAR → refinish, LAS → structural, LAF → frame, LAM/LAE/LAD → mechanical. The rate is
 *   the file's own rate for that code (ProfileInfo/RateInfo), in cents per hour.
 * - OtherChargesInfo → `paint_materials` (MA… codes: paint and shop materials, 'flat' at the file's amount), `sublet`
 *   (OTSL) or `fee` (the rest, e.g. towing, hazardous waste); $0 charges are skipped.
 * - A charge the file only states in RepairTotalsInfo (Mitchell's ICBC "ATS Allowance") becomes a `fee` line, with a
 *   warning, so our totals can match the file's.
 * - Lines that are only notes (no part, labor or charge) are not imported; one warning names them.
 */
import { MAX_BMS_BYTES } from '~/lib/schemas/estimate';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { type EstimateTotals, type TaxRule } from '~/lib/estimates/totals';
import {
  type EstimateLine,
  type LaborType,
  type PartType,
  type TaxCategory,
  MAX_ESTIMATE_LINES,
  TAX_CATEGORIES,
  blankLine,
} from '~/lib/estimates/lines';
import { formatCents, formatTaxRate, roundHalfUp } from '~/lib/money';
import { DomainError } from '~/server/errors.server';

/** The largest BMS file we read: 5 MB (real estimates are 20–150 KB). The upload route caps the body as well. */
export { MAX_BMS_BYTES };

export const BMS_MESSAGES = {
  tooLarge: 'This file is larger than 5 MB, which is far more than any estimate; it was not read.',
  entities: 'This file was refused: it declares XML entities (a DOCTYPE), which estimate files never need.',
  notXml:
    'This file is not a complete XML file. Export the estimate again as a CIECA BMS file and upload that.',
  notBms:
    'This XML file is not a CIECA BMS estimate (no VehicleDamageEstimateAddRq). Export the estimate from CCC ONE, Mitchell or Audatex as BMS.',
  noLines: 'This estimate file has no damage lines to import.',
} as const;

export interface BmsClaim {
  insurerName: string | null;
  claimNumber: string | null;
  policyNumber: string | null;
  adjusterName: string | null;
  adjusterPhone: string | null;
  adjusterEmail: string | null;
  deductibleCents: number | null;
  /** YYYY-MM-DD as written in the file (the date part of LossDateTime). */
  dateOfLoss: string | null;
  /** CIECA point-of-impact label, e.g. "Right Rear (5)"; the raw text when the code is not a known one. */
  pointOfImpact: string | null;
  directRepairProgram: boolean;
}

export interface BmsOwner {
  name: string;
  email: string | null;
  phone: string | null;
  /** One line: "8664 116 ST, DELTA, BC V4C 5V9". */
  address: string | null;
}

export interface BmsVehicle {
  vin: string | null;
  year: number | null;
  make: string | null;
  model: string | null;
  color: string | null;
  licensePlate: string | null;
  /** As written (km or miles, the file's unit). */
  odometer: number | null;
}

export interface BmsRates {
  /** Cents per hour by our labor type, from the file's profile. */
  labor: Partial<Record<LaborType, number>>;
  /** Paint materials, cents per refinish hour. */
  materialsRateCents: number | null;
  /** Thousandths of a percent (12000 = 12 %): the profile's tax percentages added up (PST + GST in Canada). */
  taxRateMilliPercent: number | null;
  /** The categories the file's totals charged tax on (null when its totals show no tax); read by `ruleFromBms`. */
  taxedCategories: TaxCategory[] | null;
}

/** The file's own totals in cents, before tax except `taxCents`, `totalCents` and the payer split. */
export interface BmsFileTotals {
  partsCents: number | null;
  laborCents: number | null;
  materialsCents: number | null;
  subletCents: number | null;
  /** Other charges the file does not split out (e.g. Mitchell's "Additional Costs": materials and allowances). */
  otherCents: number | null;
  taxCents: number | null;
  totalCents: number | null;
  insurancePaysCents: number | null;
  customerPaysCents: number | null;
  deductibleCents: number | null;
}

export interface ParsedBmsEstimate {
  estimateNumber: string | null;
  sourceSystem: string | null;
  claim: BmsClaim | null;
  owner: BmsOwner | null;
  vehicle: BmsVehicle;
  lines: EstimateLine[];
  rates: BmsRates;
  fileTotals: BmsFileTotals;
  warnings: string[];
}

export type TotalsField =
  | 'parts'
  | 'labor'
  | 'materials'
  | 'sublet'
  | 'other'
  | 'tax'
  | 'total'
  | 'insurancePays'
  | 'customerPays'
  | 'deductible';

export interface TotalsDifference {
  field: TotalsField;
  fileCents: number;
  ourCents: number;
  /** ourCents − fileCents. */
  differenceCents: number;
}

// ---------------------------------------------------------------------------------------------------------------
// Reading the XML safely

/** Elements that repeat in BMS files; always arrays after parsing, even when a file has one. */
const REPEATING = new Set([
  'DamageLineInfo',
  'Party',
  'Communications',
  'ApplicationInfo',
  'RateInfo',
  'RateTierInfo',
  'TaxInfo',
  'TaxTierInfo',
  'PartInfo',
  'NonOEM',
  'LaborInfo',
  'RefinishLaborInfo',
  'OtherChargesInfo',
  'LaborTotalsInfo',
  'PartsTotalsInfo',
  'OtherChargesTotalsInfo',
  'SummaryTotalsInfo',
  'TotalTaxInfo',
  'Coverage',
  'DeductibleInfo',
  'PrimaryPOI',
  'Color',
]);

const xmlParser = new XMLParser({
  ignoreAttributes: true,
  removeNSPrefix: true,
  processEntities: false,
  parseTagValue: false,
  trimValues: true,
  maxNestedTags: 100,
  isArray: (tagName) => REPEATING.has(tagName),
});

type XmlNode = Record<string, unknown>;

function byteLength(input: string | Buffer): number {
  if (typeof input !== 'string') return input.byteLength;
  // A string longer than the cap in UTF-16 units is over it in bytes too; skip counting 20 MB of text.
  if (input.length > MAX_BMS_BYTES) return input.length;
  return Buffer.byteLength(input, 'utf8');
}

function decode(input: string | Buffer): string {
  if (typeof input === 'string') return input.replace(/^\uFEFF/, '');
  if (input[0] === 0xff && input[1] === 0xfe) return new TextDecoder('utf-16le').decode(input.subarray(2));
  if (input[0] === 0xfe && input[1] === 0xff) return new TextDecoder('utf-16be').decode(input.subarray(2));
  return new TextDecoder('utf-8').decode(input).replace(/^\uFEFF/, '');
}

/** The five XML entities and character references, decoded by hand (the parser expands nothing). */
function decodeEntities(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(/&(#x[0-9a-f]+|#\d+|lt|gt|amp|quot|apos);/gi, (whole, ref: string) => {
    const lower = ref.toLowerCase();
    if (lower === 'lt') return '<';
    if (lower === 'gt') return '>';
    if (lower === 'amp') return '&';
    if (lower === 'quot') return '"';
    if (lower === 'apos') return "'";
    const code = lower.startsWith('#x') ? parseInt(lower.slice(2), 16) : parseInt(lower.slice(1), 10);
    return Number.isInteger(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });
}

function findRoot(node: unknown, depth = 0): XmlNode | null {
  if (!isNode(node) || depth > 4) return null;
  const direct = node.VehicleDamageEstimateAddRq;
  if (direct !== undefined) return isNode(first(direct)) ? (first(direct) as XmlNode) : {};
  for (const value of Object.values(node)) {
    for (const child of list(value)) {
      const found = findRoot(child, depth + 1);
      if (found) return found;
    }
  }
  return null;
}

function isNode(value: unknown): value is XmlNode {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function list(value: unknown): unknown[] {
  if (value === undefined || value === null) return [];
  return Array.isArray(value) ? value : [value];
}

function first(value: unknown): unknown {
  return Array.isArray(value) ? value[0] : value;
}

/** The child node at `path` (first of each repeating element), or null. */
function node(from: unknown, ...path: string[]): XmlNode | null {
  let current: unknown = from;
  for (const key of path) {
    if (!isNode(current)) return null;
    current = first(current[key]);
  }
  return isNode(current) ? current : null;
}

/** Every node at the last step of `path` (all of a repeating element), under the first of the earlier steps. */
function nodes(from: unknown, ...path: string[]): XmlNode[] {
  const last = path[path.length - 1];
  const parent = path.length > 1 ? node(from, ...path.slice(0, -1)) : isNode(from) ? from : null;
  if (!parent || last === undefined) return [];
  return list(parent[last]).filter(isNode);
}

/** The trimmed text at `path`, entities decoded; null when absent or empty. */
function text(from: unknown, ...path: string[]): string | null {
  let current: unknown = from;
  for (const key of path) {
    if (!isNode(current)) return null;
    current = first(current[key]);
  }
  if (typeof current === 'string') {
    const value = decodeEntities(current).trim();
    return value === '' ? null : value;
  }
  if (typeof current === 'number' || typeof current === 'boolean') return String(current);
  return null;
}

/** Placeholders estimating systems write for "none": N/A, NA, NONE, "-", "0". */
function placeholder(value: string): boolean {
  return /^(n\/?a|none|-+|0+)$/i.test(value.trim());
}

function flag(from: unknown, ...path: string[]): boolean {
  const value = text(from, ...path)?.toLowerCase();
  return value === '1' || value === 'y' || value === 'yes' || value === 'true';
}

// ---------------------------------------------------------------------------------------------------------------
// Numbers without floating point

/**
 * A decimal text ("210.385", "-300.00", "1,234.5") scaled to an integer with `places` decimals, rounded half away from
 * zero on the digits beyond; null for anything else. Pure string and BigInt arithmetic.
 */
export function scaleDecimal(value: string | null, places: number): number | null {
  if (value === null) return null;
  const m = /^([+-])?\$?(\d[\d,]*)?(?:\.(\d*))?$/.exec(value.trim());
  if (!m || (m[2] === undefined && !m[3])) return null;
  const whole = (m[2] ?? '0').replace(/,/g, '');
  const fraction = m[3] ?? '';
  const kept = fraction.slice(0, places).padEnd(places, '0');
  let scaled = BigInt(whole + kept);
  if ((fraction[places] ?? '0') >= '5') scaled += 1n;
  const result = Number(m[1] === '-' ? -scaled : scaled);
  return Number.isSafeInteger(result) ? result : null;
}

const cents = (value: string | null) => scaleDecimal(value, 2);
const tenths = (value: string | null) => scaleDecimal(value, 1);
const milliPercent = (value: string | null) => scaleDecimal(value, 3);

function wholeNumber(value: string | null): number | null {
  if (value === null || !/^-?\d+(\.0*)?$/.test(value)) return null;
  const n = Number(value.split('.')[0]);
  return Number.isSafeInteger(n) ? n : null;
}

// ---------------------------------------------------------------------------------------------------------------
// Parties, claim, vehicle

interface Contact {
  name: string | null;
  phone: string | null;
  email: string | null;
  address: string | null;
}

const PHONE_PREFERENCE = ['CP', 'HP', 'WP', 'OP'];

function contactOf(role: XmlNode | null): Contact | null {
  const party = node(role, 'Party');
  if (!party) return null;
  const person = node(party, 'PersonInfo');
  const org = node(party, 'OrgInfo');
  const nameParts = [text(person, 'PersonName', 'FirstName'), text(person, 'PersonName', 'LastName')].filter(
    Boolean,
  );
  const name = nameParts.length ? nameParts.join(' ').replace(/\s+/g, ' ') : text(org, 'CompanyName');
  const communications = [
    ...nodes(person, 'Communications'),
    ...nodes(org, 'Communications'),
    ...nodes(party, 'ContactInfo', 'Communications'),
  ];
  const phones = communications
    .map((c) => ({ qualifier: text(c, 'CommQualifier') ?? '', phone: text(c, 'CommPhone') }))
    .filter((c): c is { qualifier: string; phone: string } => c.phone !== null)
    .sort((a, b) => rank(a.qualifier) - rank(b.qualifier));
  const email = communications.map((c) => text(c, 'CommEmail')).find((e) => e !== null) ?? null;
  const address = communications.map((c) => node(c, 'Address')).find((a) => a !== null) ?? null;
  return { name, phone: phones[0]?.phone ?? null, email, address: addressLine(address) };
}

function rank(qualifier: string): number {
  const i = PHONE_PREFERENCE.indexOf(qualifier);
  return i < 0 ? PHONE_PREFERENCE.length : i;
}

function addressLine(address: XmlNode | null): string | null {
  if (!address) return null;
  const street = [text(address, 'Address1'), text(address, 'Address2')].filter(Boolean).join(' ');
  const region = [text(address, 'StateProvince'), text(address, 'PostalCode')].filter(Boolean).join(' ');
  const parts = [street, text(address, 'City'), region].filter((p): p is string => Boolean(p));
  return parts.length ? parts.join(', ') : null;
}

/** CIECA point-of-impact codes (clock positions around the vehicle, then special cases). */
const POINT_OF_IMPACT: Record<string, string> = {
  '1': 'Right Front',
  '2': 'Right Front Pillar',
  '3': 'Right T-Bone',
  '4': 'Right Quarter Post',
  '5': 'Right Rear',
  '6': 'Rear',
  '7': 'Left Rear',
  '8': 'Left Quarter Post',
  '9': 'Left T-Bone',
  '10': 'Left Front Pillar',
  '11': 'Left Front',
  '12': 'Front',
  '13': 'Rollover',
  '14': 'Unknown',
  '15': 'Total Loss',
  '16': 'Non-Collision',
  '19': 'All Over',
  '20': 'Stripped',
  '21': 'Undercarriage',
  '22': 'Roof',
  '23': 'Hood',
  '24': 'Deck Lid',
};

function pointOfImpact(code: string | null): string | null {
  if (code === null) return null;
  const key = /^\d+$/.test(code) ? String(Number(code)) : code;
  const label = POINT_OF_IMPACT[key];
  return label ? `${label} (${key})` : code;
}

function readClaim(root: XmlNode, warnings: string[]): BmsClaim | null {
  const admin = node(root, 'AdminInfo');
  const claimInfo = node(root, 'ClaimInfo');
  const insurer = contactOf(node(admin, 'InsuranceCompany'));
  const adjuster = contactOf(node(admin, 'Adjuster')) ?? contactOf(node(admin, 'Appraiser'));
  const coverage = nodes(claimInfo, 'PolicyInfo', 'CoverageInfo', 'Coverage');
  const deductibles = coverage
    .flatMap((c) => nodes(c, 'DeductibleInfo'))
    .map((d) => cents(text(d, 'DeductibleAmt')));
  const deductibleCents = deductibles.find((d) => d !== null) ?? null;
  const loss = text(claimInfo, 'LossInfo', 'Facts', 'LossDateTime');
  const dateOfLoss = loss && /^\d{4}-\d{2}-\d{2}/.test(loss) ? loss.slice(0, 10) : null;
  if (loss && !dateOfLoss) warnings.push(`The date of loss "${loss}" is not a date and was left out.`);
  // "N/A" in ClaimNum means no claim (a customer-pay estimate); only a missing ClaimNum falls back to RefClaimNum.
  const claimText = text(claimInfo, 'ClaimNum');
  const claimNumber =
    claimText === null ? text(root, 'RefClaimNum') : placeholder(claimText) ? null : claimText;
  const programText = [
    text(claimInfo, 'ProgramCode'),
    text(claimInfo, 'DirectRepairProgramInd'),
    text(root, 'ProfileInfo', 'ProfileName'),
  ]
    .filter(Boolean)
    .join(' ');
  const claim: BmsClaim = {
    insurerName: insurer?.name ?? null,
    claimNumber,
    policyNumber: text(claimInfo, 'PolicyInfo', 'PolicyNum'),
    adjusterName: adjuster?.name ?? null,
    adjusterPhone: adjuster?.phone ?? null,
    adjusterEmail: adjuster?.email ?? null,
    deductibleCents,
    dateOfLoss,
    pointOfImpact: pointOfImpact(text(claimInfo, 'LossInfo', 'Facts', 'PrimaryPOI', 'POICode')),
    directRepairProgram:
      flag(claimInfo, 'DirectRepairProgramInd') || /\bDRP\b|direct repair/i.test(programText),
  };
  // A zero deductible alone (Mitchell writes one on every file) does not make an insurance claim.
  const known = [claim.insurerName, claim.claimNumber, claim.policyNumber, claim.adjusterName];
  return known.some((v) => v !== null) || Boolean(deductibleCents) ? claim : null;
}

function readOwner(root: XmlNode): BmsOwner | null {
  const admin = node(root, 'AdminInfo');
  for (const role of ['Owner', 'PolicyHolder', 'Insured', 'Claimant']) {
    const contact = contactOf(node(admin, role));
    if (contact?.name)
      return { name: contact.name, email: contact.email, phone: contact.phone, address: contact.address };
  }
  return null;
}

function readVehicle(root: XmlNode): BmsVehicle {
  const vehicle = node(root, 'VehicleInfo');
  const desc = node(vehicle, 'VehicleDesc');
  const year = wholeNumber(text(desc, 'ModelYear'));
  return {
    vin: text(vehicle, 'VINInfo', 'VIN', 'VINNum')?.toUpperCase() ?? null,
    year: year !== null && year >= 1900 && year <= 2100 ? year : null,
    make: text(desc, 'MakeDesc'),
    model: text(desc, 'ModelName'),
    color: text(vehicle, 'Paint', 'Exterior', 'Color', 'ColorName'),
    licensePlate: text(vehicle, 'License', 'LicensePlateNum'),
    odometer: wholeNumber(text(desc, 'OdometerInfo', 'OdometerReading')),
  };
}

function readSourceSystem(root: XmlNode): string | null {
  const apps = nodes(root, 'ApplicationInfo');
  const estimating = apps.find((a) => text(a, 'ApplicationType')?.toLowerCase() === 'estimating') ?? apps[0];
  const name = text(estimating, 'ApplicationName');
  if (name) return [name, text(estimating, 'ApplicationVer')].filter(Boolean).join(' ');
  const vendor = text(root, 'DocumentInfo', 'VendorCode');
  const byCode: Record<string, string> = { M: 'Mitchell', C: 'CCC ONE', A: 'Audatex' };
  return vendor ? (byCode[vendor.toUpperCase()] ?? vendor) : null;
}

// ---------------------------------------------------------------------------------------------------------------
// Rates

/** CIECA labor codes (and the words some exporters write instead) → our labor type. */
function laborTypeOf(code: string | null): LaborType | null {
  if (!code) return null;
  const c = code.trim().toUpperCase();
  if (c === 'LAR' || /REFINISH|PAINT/.test(c)) return 'refinish';
  if (c === 'LAS' || /STRUCT/.test(c)) return 'structural';
  if (c === 'LAF' || /FRAME/.test(c)) return 'frame';
  if (['LAM', 'LAE', 'LAD'].includes(c) || /MECH|ELECT|DIAG/.test(c)) return 'mechanical';
  if (['LAB', 'LAG', 'LAA', 'LA1', 'LA2', 'LA3', 'LA4', 'LAU'].includes(c) || /BODY|GLASS|ALUM/.test(c))
    return 'body';
  return null;
}

interface ProfileRates {
  /** Cents per hour by the file's own rate code (LAB, LAR, MAPA, ATS…), upper case. */
  byCode: Map<string, number>;
  rates: BmsRates;
}

function readRates(root: XmlNode): ProfileRates {
  const profile = node(root, 'ProfileInfo');
  const byCode = new Map<string, number>();
  const labor: Partial<Record<LaborType, number>> = {};
  let taxRateMilliPercent: number | null = null;
  for (const rate of nodes(profile, 'RateInfo')) {
    const code = text(rate, 'RateType')?.toUpperCase();
    if (!code) continue;
    const tiers = nodes(rate, 'RateTierInfo');
    const tierOne = tiers.find((t) => (text(t, 'TierNum') ?? '1') === '1') ?? tiers[0];
    const amount = cents(text(tierOne, 'Rate'));
    if (amount !== null) {
      byCode.set(code, amount);
      const type = /^LA|LABOR/.test(code) ? laborTypeOf(code) : null;
      const canonical = ['LAB', 'LAR', 'LAS', 'LAF', 'LAM'].includes(code) || !/^LA[A-Z0-9]$/.test(code);
      if (type && canonical && labor[type] === undefined) labor[type] = amount;
    }
    if (taxRateMilliPercent === null && (code === 'PA' || code === 'LA')) {
      const percentages = nodes(rate, 'TaxInfo').flatMap((t) =>
        nodes(t, 'TaxTierInfo').map((tier) => milliPercent(text(tier, 'Percentage'))),
      );
      const known = percentages.filter((p): p is number => p !== null);
      if (known.length) taxRateMilliPercent = known.reduce((a, b) => a + b, 0);
    }
  }
  const gst = milliPercent(text(profile, 'CanadianTax', 'GoodsServicesTaxRate'));
  if (gst !== null && gst > 0) taxRateMilliPercent = (taxRateMilliPercent ?? 0) + gst;
  const materialsCode = [...byCode.keys()].find((c) => c === 'MAPA' || /PAINT.*MATERIAL/.test(c));
  return {
    byCode,
    rates: {
      labor,
      materialsRateCents: materialsCode ? (byCode.get(materialsCode) ?? null) : null,
      taxRateMilliPercent,
      taxedCategories: null,
    },
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Lines

const PART_TYPES: Record<string, PartType> = {
  PAN: 'oem',
  PAP: 'oem',
  PAO: 'oem',
  PAA: 'aftermarket',
  PAL: 'used',
  PAM: 'remanufactured',
  PAR: 'remanufactured',
  PAC: 'remanufactured',
};

function partTypeOf(code: string | null): PartType | null | 'unknown' {
  if (!code) return null;
  const c = code.toUpperCase();
  if (PART_TYPES[c]) return PART_TYPES[c];
  if (/OEM|NEW/.test(c)) return 'oem';
  if (/AFTERMARKET/.test(c)) return 'aftermarket';
  if (/USED|RECYCLED|LKQ/.test(c)) return 'used';
  if (/REMAN|RECOND/.test(c)) return 'remanufactured';
  if (c === 'PAG' || /GLASS|SHEET METAL/.test(c)) return null;
  return 'unknown';
}

interface LineContext {
  lineLabel: string;
  rates: ProfileRates;
  warnings: string[];
  newLine: (type: EstimateLine['lineType'], description: string) => EstimateLine;
}

function bettermentPercent(damageLine: XmlNode, part: XmlNode | null): number {
  for (const holder of [part, damageLine]) {
    const b = node(holder, 'BettermentInfo') ?? node(holder, 'Betterment');
    const pct = scaleDecimal(text(b, 'BettermentPercentage') ?? text(b, 'BettermentPct'), 0);
    if (pct !== null && pct > 0) return Math.min(pct, 100);
  }
  return 0;
}

function isCustomerPay(damageLine: XmlNode): boolean {
  return (
    flag(damageLine, 'CustomerPayInd') ||
    flag(damageLine, 'CustomerResponsibilityInd') ||
    /customer\s*pay/i.test(text(damageLine, 'LineType') ?? '')
  );
}

function partLines(damageLine: XmlNode, description: string, context: LineContext): EstimateLine[] {
  const out: EstimateLine[] = [];
  const sublet =
    flag(damageLine, 'SubletInfo', 'PartSubletInd') || flag(damageLine, 'SubletInfo', 'LaborSubletInd');
  for (const part of nodes(damageLine, 'PartInfo')) {
    const code = text(part, 'PartType')?.toUpperCase() ?? null;
    const nonOem = nodes(part, 'NonOEM');
    const selected = nonOem.find((n) => flag(n, 'PartSelectedInd')) ?? nonOem[0];
    const price = cents(text(part, 'PartPrice')) ?? cents(text(selected, 'NonOEMPartPrice'));
    const quantity = wholeNumber(text(part, 'Quantity'));
    if (sublet || code === 'PAS' || code === 'PASL') {
      const line = context.newLine('sublet', description);
      line.amountCents = (price ?? 0) * Math.max(quantity ?? 1, 1);
      if (!price) context.warnings.push(`${context.lineLabel} has no price and was imported at $0.00.`);
      out.push(line);
      continue;
    }
    const number = text(part, 'PartNum') ?? text(selected, 'NonOEMPartNum') ?? text(part, 'OEMPartNum');
    if ((code === 'PAE' || number?.toLowerCase() === 'existing') && !price) continue;
    const line = context.newLine('part', description);
    line.partNumber = number && !/^(existing|sublet)$/i.test(number) ? number : null;
    const type = partTypeOf(code);
    if (type === 'unknown')
      context.warnings.push(`${context.lineLabel} has part type "${code}", which we do not know.`);
    line.partType = type === 'unknown' ? null : type;
    line.unitPriceCents = price ?? 0;
    line.quantity = quantity === null ? 1 : quantity;
    if (line.quantity <= 0 && line.unitPriceCents !== 0) {
      context.warnings.push(
        `${context.lineLabel} has quantity ${quantity} with a price; it was imported as 1.`,
      );
      line.quantity = 1;
    }
    if (price === null) context.warnings.push(`${context.lineLabel} has no price and was imported at $0.00.`);
    line.bettermentPercent = bettermentPercent(damageLine, part);
    out.push(line);
  }
  return out;
}

function laborLines(damageLine: XmlNode, description: string, context: LineContext): EstimateLine[] {
  const blocks = [
    ...nodes(damageLine, 'LaborInfo').map((b) => ({ block: b, refinish: false })),
    ...nodes(damageLine, 'RefinishLaborInfo').map((b) => ({ block: b, refinish: true })),
  ];
  const out: EstimateLine[] = [];
  for (const { block, refinish } of blocks) {
    if (flag(block, 'LaborInclInd')) continue;
    const hours = tenths(text(block, 'LaborHours'));
    const flatAmount = cents(text(block, 'LaborAmt'));
    const code = text(block, 'LaborType')?.toUpperCase() ?? (refinish ? 'LAR' : null);
    if (!hours) {
      if (flatAmount) {
        const fee = context.newLine('fee', description);
        fee.amountCents = flatAmount;
        context.warnings.push(
          `${context.lineLabel} is a labor amount without hours; it was imported as a fee.`,
        );
        out.push(fee);
      }
      continue;
    }
    const type = refinish ? 'refinish' : laborTypeOf(code);
    const line = context.newLine('labor', description);
    line.laborType = type ?? 'body';
    if (!type)
      context.warnings.push(
        `${context.lineLabel} has labor type "${code}", which we do not know; it was imported as body labor.`,
      );
    line.hoursTenths = hours;
    const rate =
      (code ? context.rates.byCode.get(code) : undefined) ?? context.rates.rates.labor[line.laborType];
    if (rate === undefined)
      context.warnings.push(
        `${context.lineLabel} has no labor rate in the file and was imported at $0.00 an hour.`,
      );
    line.rateCents = rate ?? 0;
    out.push(line);
  }
  return out;
}

type ChargeKind = 'paint_materials' | 'sublet' | 'fee';

function chargeKind(code: string): ChargeKind {
  const c = code.toUpperCase();
  if (/^MA/.test(c) || /PAINT|MATERIAL/.test(c)) return 'paint_materials';
  if (c === 'OTSL' || /SUBLET/.test(c)) return 'sublet';
  return 'fee';
}

function chargeLines(
  damageLine: XmlNode,
  description: string,
  context: LineContext,
  seen: Set<string>,
): EstimateLine[] {
  const out: EstimateLine[] = [];
  for (const charge of nodes(damageLine, 'OtherChargesInfo')) {
    const code = text(charge, 'OtherChargesType') ?? text(damageLine, 'MaterialType') ?? 'OT';
    seen.add(code.toUpperCase());
    const price = cents(text(charge, 'Price'));
    if (!price) continue;
    const quantity = wholeNumber(text(charge, 'Quantity'));
    const line = context.newLine(chargeKind(code), description);
    if (line.lineType === 'paint_materials') line.materialsMode = 'flat';
    line.amountCents = price * Math.max(quantity ?? 1, 1);
    out.push(line);
  }
  return out;
}

// ---------------------------------------------------------------------------------------------------------------
// File totals

interface TotalEntry {
  code: string;
  desc: string;
  taxableCents: number | null;
  preTaxCents: number | null;
  taxCents: number | null;
  totalCents: number | null;
}

function totalEntries(totals: XmlNode | null, element: string): TotalEntry[] {
  return nodes(totals, element).map((t) => {
    const total = cents(text(t, 'TotalAmt'));
    const tax = cents(text(t, 'TaxTotalAmt'));
    return {
      code: (text(t, 'TotalType') ?? '').toUpperCase(),
      desc: text(t, 'TotalTypeDesc') ?? '',
      taxableCents: cents(text(t, 'TaxableAmt')),
      preTaxCents: total === null ? null : total - (tax ?? 0),
      taxCents: tax,
      totalCents: total,
    };
  });
}

const sum = (values: (number | null)[]): number | null =>
  values.some((v) => v !== null) ? values.reduce<number>((a, v) => a + (v ?? 0), 0) : null;

/** Per-type labor sublet totals: LABS, LARS… (LA + type letter + S; not LAS, which is structural labor). */
const isLaborSublet = (code: string) => /^LA[A-Z0-9]S$/.test(code);

function readFileTotals(root: XmlNode): {
  fileTotals: BmsFileTotals;
  otherCodes: TotalEntry[];
  taxed: Set<TaxCategory>;
  /** The taxable amounts of the totals that carry tax, added up (for a rate when the profile has none). */
  taxableCents: number;
} {
  const totals = node(root, 'RepairTotalsInfo');
  const labor = totalEntries(totals, 'LaborTotalsInfo');
  const parts = totalEntries(totals, 'PartsTotalsInfo');
  const other = totalEntries(totals, 'OtherChargesTotalsInfo');
  const summary = nodes(totals, 'SummaryTotalsInfo').map((t) => ({
    sub: (text(t, 'TotalSubType') ?? '').toUpperCase(),
    type: (text(t, 'TotalType') ?? '').toUpperCase(),
    desc: text(t, 'TotalTypeDesc') ?? '',
    amount: cents(text(t, 'TotalAmt')),
  }));
  const taxed = new Set<TaxCategory>();

  const laborAggregate = labor.find((t) => t.code === 'LA' || t.code === 'LABOR');
  const laborSublets = labor.filter((t) => isLaborSublet(t.code));
  const laborSubletCents = sum(laborSublets.map((t) => t.preTaxCents));
  let laborCents: number | null;
  if (laborAggregate) {
    laborCents =
      laborAggregate.preTaxCents === null ? null : laborAggregate.preTaxCents - (laborSubletCents ?? 0);
  } else {
    laborCents = sum(labor.filter((t) => !isLaborSublet(t.code)).map((t) => t.preTaxCents));
  }
  const laborTax = laborAggregate ? laborAggregate.taxCents : sum(labor.map((t) => t.taxCents));
  if (laborTax) {
    taxed.add('labor');
    if (laborSubletCents) taxed.add('sublet');
  }

  const partsAggregate = parts.find((t) => t.code === 'PA' || t.code === 'PARTS');
  const partsCents = partsAggregate ? partsAggregate.preTaxCents : sum(parts.map((t) => t.preTaxCents));
  const partsTax = partsAggregate ? partsAggregate.taxCents : sum(parts.map((t) => t.taxCents));
  if (partsTax) taxed.add('parts');

  // Other charges: an aggregate (Mitchell's OTAC "Additional Costs", or a total named in words) holds everything;
  // else materials (MA…), sublet (OTSL) and the rest are added up by kind.
  const isCode = (code: string) => /^[A-Z0-9]{2,5}$/.test(code);
  const otherAggregate = other.find((t) => t.code === 'OTAC' || t.code === 'OT' || !isCode(t.code));
  const byKind = (kind: ChargeKind) =>
    other.filter((t) => t !== otherAggregate && chargeKind(t.code) === kind);
  const materialsCents = otherAggregate ? null : sum(byKind('paint_materials').map((t) => t.preTaxCents));
  const otherSubletCents = otherAggregate ? null : sum(byKind('sublet').map((t) => t.preTaxCents));
  const otherCents = otherAggregate
    ? otherAggregate.preTaxCents
    : sum(byKind('fee').map((t) => t.preTaxCents));
  const otherTax = otherAggregate ? otherAggregate.taxCents : sum(other.map((t) => t.taxCents));
  if (otherTax) {
    taxed.add('materials');
    taxed.add('fees');
    if (otherAggregate && !laborSubletCents) taxed.add('sublet');
  }

  const find = (test: (s: (typeof summary)[number]) => boolean) => summary.find(test)?.amount ?? null;
  const gross = find((s) => s.sub === 'CE' || s.type === 'GROSSTOTAL' || /gross/i.test(s.desc));
  const net = find(
    (s) => s.sub === 'TT' || s.type === 'NETTOTAL' || /net total|insurance resp/i.test(s.desc),
  );
  const deductible = find(
    (s) => /^D\d$/.test(s.sub) || s.type === 'DEDUCTIBLE' || /deductible/i.test(s.desc),
  );
  const customerPays = find((s) => s.sub === 'CP' || /customer pay|customer resp/i.test(s.desc));
  const summaryTax = find((s) => s.sub === 'TX' || /^tax|sales tax/i.test(s.desc));

  return {
    fileTotals: {
      partsCents,
      laborCents,
      materialsCents,
      subletCents: sum([laborSubletCents, otherSubletCents]),
      otherCents,
      taxCents: summaryTax ?? sum([laborTax, partsTax, otherTax]),
      totalCents: gross,
      insurancePaysCents: net,
      customerPaysCents: customerPays ?? (gross !== null && net !== null ? gross - net : null),
      deductibleCents: deductible === null ? null : Math.abs(deductible),
    },
    otherCodes: other.filter((t) => t !== otherAggregate && isCode(t.code)),
    taxed,
    taxableCents: [laborAggregate ?? null, partsAggregate ?? null, otherAggregate ?? null]
      .filter((t): t is TotalEntry => t !== null && Boolean(t.taxCents))
      .reduce((a, t) => a + (t.taxableCents ?? 0), 0),
  };
}

// ---------------------------------------------------------------------------------------------------------------
// The parser

/** The `ParsedBmsEstimate` of a BMS file; throws `DomainError('validation')` as described at the top. */
export function parseBmsEstimate(input: string | Buffer): ParsedBmsEstimate {
  if (byteLength(input) > MAX_BMS_BYTES) throw new DomainError('validation', BMS_MESSAGES.tooLarge);
  const xml = decode(input);
  if (/<!DOCTYPE|<!ENTITY/i.test(xml)) throw new DomainError('validation', BMS_MESSAGES.entities);
  if (!xml.trimStart().startsWith('<') || XMLValidator.validate(xml) !== true) {
    throw new DomainError('validation', BMS_MESSAGES.notXml);
  }
  let document: unknown;
  try {
    document = xmlParser.parse(xml);
  } catch {
    throw new DomainError('validation', BMS_MESSAGES.notXml);
  }
  const root = findRoot(document);
  if (!root) throw new DomainError('validation', BMS_MESSAGES.notBms);
  const damageLines = nodes(root, 'DamageLineInfo');
  if (damageLines.length === 0) throw new DomainError('validation', BMS_MESSAGES.noLines);

  const warnings: string[] = [];
  const rates = readRates(root);
  const { fileTotals, otherCodes, taxed, taxableCents } = readFileTotals(root);
  if (taxed.size) rates.rates.taxedCategories = TAX_CATEGORIES.filter((c) => taxed.has(c));
  if (rates.rates.taxRateMilliPercent === null && fileTotals.taxCents && taxableCents > 0) {
    // No rate in the profile: the file's tax over its taxable amount, to the nearest 1/8 % (8.25, 8.375, 13 …).
    const rate = roundHalfUp(roundHalfUp(fileTotals.taxCents * 100_000, taxableCents), 125) * 125;
    rates.rates.taxRateMilliPercent = rate;
    warnings.push(`The file gives no tax rate; ${formatTaxRate(rate)} was worked out from its totals.`);
  }
  const lines: EstimateLine[] = [];
  const notes: string[] = [];
  const chargeCodes = new Set<string>();

  damageLines.forEach((damageLine, index) => {
    const number = text(damageLine, 'LineNum') ?? String(index + 1);
    const description = (
      text(damageLine, 'LineDesc') ??
      text(damageLine, 'LineHeaderDesc') ??
      `Line ${number}`
    )
      .replace(/\s+/g, ' ')
      .trim();
    const context: LineContext = {
      lineLabel: `Line ${number}`,
      rates,
      warnings,
      newLine: (type, desc) => blankLine(globalThis.crypto.randomUUID(), type, desc),
    };
    const made = [
      ...partLines(damageLine, description, context),
      ...laborLines(damageLine, description, context),
      ...chargeLines(damageLine, description, context, chargeCodes),
    ];
    const customerPay = isCustomerPay(damageLine);
    for (const line of made) line.customerPay = customerPay;
    if (
      made.length === 0 &&
      !['PartInfo', 'LaborInfo', 'RefinishLaborInfo', 'OtherChargesInfo'].some((k) => k in damageLine)
    ) {
      notes.push(number);
    }
    lines.push(...made);
  });

  if (notes.length) {
    const which = notes.length === 1 ? `Line ${notes[0]} is a note` : `Lines ${notes.join(', ')} are notes`;
    warnings.push(
      `${which} without a part, labor or charge and ${notes.length === 1 ? 'was' : 'were'} not imported.`,
    );
  }

  // Charges the file states only in its totals (Mitchell's ICBC "ATS Allowance"): a line each, so totals can match.
  for (const entry of otherCodes) {
    if (chargeCodes.has(entry.code) || !entry.preTaxCents) continue;
    const kind = chargeKind(entry.code);
    const line = blankLine(globalThis.crypto.randomUUID(), kind, entry.desc || entry.code);
    if (kind === 'paint_materials') line.materialsMode = 'flat';
    line.amountCents = entry.preTaxCents;
    lines.push(line);
    warnings.push(
      `"${line.description}" (${formatCents(line.amountCents)}) appears only in the file's totals and was imported as one line.`,
    );
  }

  if (lines.length > MAX_ESTIMATE_LINES) {
    warnings.push(`This file makes ${lines.length} lines; an estimate holds at most ${MAX_ESTIMATE_LINES}.`);
  }

  const claim = readClaim(root, warnings);
  if (!claim) {
    // Without an insurer the file's "Net Total" is what the customer pays, not an insurer's share.
    fileTotals.insurancePaysCents = null;
    fileTotals.customerPaysCents = fileTotals.totalCents;
  }

  return {
    estimateNumber: text(root, 'DocumentInfo', 'DocumentID') ?? text(root, 'RefClaimNum'),
    sourceSystem: readSourceSystem(root),
    claim,
    owner: readOwner(root),
    vehicle: readVehicle(root),
    lines,
    rates: rates.rates,
    fileTotals,
    warnings,
  };
}

/**
 * The tax rule the file implies: its profile's tax rate (PST + GST added up) and the categories its totals taxed;
 * each part the file does not state comes from `fallback`.
 */
export function ruleFromBms(parsed: ParsedBmsEstimate, fallback: TaxRule): TaxRule {
  return {
    taxRateMilliPercent: parsed.rates.taxRateMilliPercent ?? fallback.taxRateMilliPercent,
    taxedCategories: parsed.rates.taxedCategories ?? fallback.taxedCategories,
  };
}

/**
 * Each file total that is present and differs from ours: `{ field, fileCents, ourCents, differenceCents }` with
 * difference = ours − file. Categories are compared before tax. `other` is compared with what the file did not split
 * out: our fees, plus materials and sublet when the file has no figure of its own for them.
 */
export function compareWithFileTotals(fileTotals: BmsFileTotals, ours: EstimateTotals): TotalsDifference[] {
  const f = fileTotals;
  const c = ours.byCategory;
  const pairs: [TotalsField, number | null, number][] = [
    ['parts', f.partsCents, c.parts],
    ['labor', f.laborCents, c.labor],
    ['materials', f.materialsCents, c.materials],
    ['sublet', f.subletCents, c.sublet],
    [
      'other',
      f.otherCents,
      c.fees + (f.materialsCents === null ? c.materials : 0) + (f.subletCents === null ? c.sublet : 0),
    ],
    ['tax', f.taxCents, ours.taxCents],
    ['total', f.totalCents, ours.totalCents],
    ['deductible', f.deductibleCents, ours.deductibleCents],
    ['insurancePays', f.insurancePaysCents, ours.insurancePaysCents],
    ['customerPays', f.customerPaysCents, ours.customerPaysCents],
  ];
  return pairs
    .filter((p): p is [TotalsField, number, number] => p[1] !== null && p[1] !== p[2])
    .map(([field, fileCents, ourCents]) => ({
      field,
      fileCents,
      ourCents,
      differenceCents: ourCents - fileCents,
    }));
}
