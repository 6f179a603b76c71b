/**
 * The lines of an estimate, supplement or final repair invoice (issue 14), browser-safe: the shape stored in
 * `estimate_lines`, frozen into `estimate_versions.lines`, read from a CIECA BMS file and drawn in PDFs.
 *
 * Units: money in integer cents, hours in integer tenths, rates in cents per hour, quantities whole units,
 * betterment in whole percent.
 *
 * What each line type means and which fields it uses (the amount is computed by ./totals.ts, nowhere else):
 * - `part`: `quantity` × `unitPriceCents`; `partNumber`, `partType` (OEM / aftermarket / used / remanufactured),
 *   `inventoryId` when picked from stock.
 * - `labor`: `hoursTenths` × `rateCents` / 10, rounded half up per line; `laborType` body / refinish / mechanical /
 *   frame / structural; the rate is the shop's rate for that type when the line is saved (settings), kept on the line.
 * - `paint_materials`: `materialsMode` 'rate' → the refinish hours of the document × `rateCents` (the materials rate)
 *   / 10; 'flat' → `amountCents`.
 * - `sublet`: `amountCents`, `vendor`.
 * - `fee`: `amountCents` (towing, storage, hazardous waste, misc).
 * - `discount`: minus `amountCents` (entered as a positive amount), counted in the category `discountAppliesTo`.
 *
 * With an insurance claim, `customerPay` marks a line the customer pays in full (e.g. an extra repair the insurer does
 * not cover), and `bettermentPercent` the share of an insurer-paid line the customer pays for betterment.
 */

export const LINE_TYPES = ['part', 'labor', 'paint_materials', 'sublet', 'fee', 'discount'] as const;
export type LineType = (typeof LINE_TYPES)[number];

export const LINE_TYPE_LABELS: Record<LineType, string> = {
  part: 'Parts',
  labor: 'Labor',
  paint_materials: 'Paint & materials',
  sublet: 'Sublet',
  fee: 'Fees & misc',
  discount: 'Discounts',
};

export const LABOR_TYPES = ['body', 'refinish', 'mechanical', 'frame', 'structural'] as const;
export type LaborType = (typeof LABOR_TYPES)[number];

export const LABOR_TYPE_LABELS: Record<LaborType, string> = {
  body: 'Body',
  refinish: 'Refinish',
  mechanical: 'Mechanical',
  frame: 'Frame',
  structural: 'Structural',
};

export const PART_TYPES = ['oem', 'aftermarket', 'used', 'remanufactured'] as const;
export type PartType = (typeof PART_TYPES)[number];

export const PART_TYPE_LABELS: Record<PartType, string> = {
  oem: 'OEM',
  aftermarket: 'Aftermarket',
  used: 'Used',
  remanufactured: 'Remanufactured',
};

/** Where an amount is counted for tax: settings say which categories are taxed (default parts and materials). */
export const TAX_CATEGORIES = ['parts', 'labor', 'materials', 'sublet', 'fees'] as const;
export type TaxCategory = (typeof TAX_CATEGORIES)[number];

export const TAX_CATEGORY_LABELS: Record<TaxCategory, string> = {
  parts: 'Parts',
  labor: 'Labor',
  materials: 'Paint & materials',
  sublet: 'Sublet',
  fees: 'Fees & misc',
};

export const MATERIALS_MODES = ['rate', 'flat'] as const;
export type MaterialsMode = (typeof MATERIALS_MODES)[number];

/** The most lines one estimate may have (a clear message beyond it; real estimates run to about 150). */
export const MAX_ESTIMATE_LINES = 250;
/** The most units or tenths of an hour on one line (9,999 parts; 999.9 hours). */
export const MAX_QUANTITY = 9_999;
export const MAX_HOURS_TENTHS = 9_999;

export interface EstimateLine {
  /** Stable across versions: a supplement compares lines by this id. */
  id: string;
  lineType: LineType;
  /** Operation text for labor, the part's description, the sublet's work, the fee's name. */
  description: string;
  partNumber: string | null;
  partType: PartType | null;
  inventoryId: string | null;
  quantity: number;
  unitPriceCents: number;
  laborType: LaborType | null;
  hoursTenths: number;
  rateCents: number;
  materialsMode: MaterialsMode | null;
  vendor: string | null;
  amountCents: number;
  discountAppliesTo: TaxCategory | null;
  customerPay: boolean;
  bettermentPercent: number;
}

/** A line with every optional field empty: the base for building one in code and tests. */
export function blankLine(id: string, lineType: LineType, description: string): EstimateLine {
  return {
    id,
    lineType,
    description,
    partNumber: null,
    partType: null,
    inventoryId: null,
    quantity: 1,
    unitPriceCents: 0,
    laborType: null,
    hoursTenths: 0,
    rateCents: 0,
    materialsMode: null,
    vendor: null,
    amountCents: 0,
    discountAppliesTo: null,
    customerPay: false,
    bettermentPercent: 0,
  };
}

/** The tax category a line counts in. */
export function lineCategory(line: Pick<EstimateLine, 'lineType' | 'discountAppliesTo'>): TaxCategory {
  switch (line.lineType) {
    case 'part':
      return 'parts';
    case 'labor':
      return 'labor';
    case 'paint_materials':
      return 'materials';
    case 'sublet':
      return 'sublet';
    case 'fee':
      return 'fees';
    case 'discount':
      return line.discountAppliesTo ?? 'parts';
  }
}

/**
 * An insurance claim as frozen into a version and shown on documents: deductible in cents, date of loss 'YYYY-MM-DD'
 * (documents format it), DRP flag.
 */
export interface ClaimFacts {
  insurerName: string;
  claimNumber: string;
  policyNumber: string | null;
  adjusterName: string | null;
  adjusterPhone: string | null;
  adjusterEmail: string | null;
  deductibleCents: number;
  dateOfLoss: string | null;
  pointOfImpact: string | null;
  directRepairProgram: boolean;
}

/** What changed between two versions of the lines, by line id (a supplement shows this). */
export interface LineChanges {
  added: EstimateLine[];
  changed: { before: EstimateLine; after: EstimateLine }[];
  removed: EstimateLine[];
}

const COMPARED: readonly (keyof EstimateLine)[] = [
  'lineType',
  'description',
  'partNumber',
  'partType',
  'inventoryId',
  'quantity',
  'unitPriceCents',
  'laborType',
  'hoursTenths',
  'rateCents',
  'materialsMode',
  'vendor',
  'amountCents',
  'discountAppliesTo',
  'customerPay',
  'bettermentPercent',
];

/** Lines of `after` that are new, different or gone against `before` (order changes alone are not changes). */
export function compareLines(before: readonly EstimateLine[], after: readonly EstimateLine[]): LineChanges {
  const previous = new Map(before.map((line) => [line.id, line]));
  const current = new Set(after.map((line) => line.id));
  const changes: LineChanges = { added: [], changed: [], removed: [] };
  for (const line of after) {
    const old = previous.get(line.id);
    if (!old) changes.added.push(line);
    else if (COMPARED.some((key) => old[key] !== line[key])) changes.changed.push({ before: old, after: line });
  }
  for (const line of before) if (!current.has(line.id)) changes.removed.push(line);
  return changes;
}

export function hasChanges(changes: LineChanges): boolean {
  return changes.added.length + changes.changed.length + changes.removed.length > 0;
}
