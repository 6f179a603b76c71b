/**
 * Vehicle Identification Number helpers (49 CFR 565: 17 characters, no I, O or Q; position 9 is a check digit).
 * The portal accepts any VIN of at most 17 characters (spec §5); these helpers normalise input and make demo data.
 */
const TRANSLITERATION: Record<string, number> = {
  A: 1, B: 2, C: 3, D: 4, E: 5, F: 6, G: 7, H: 8,
  J: 1, K: 2, L: 3, M: 4, N: 5, P: 7, R: 9,
  S: 2, T: 3, U: 4, V: 5, W: 6, X: 7, Y: 8, Z: 9,
};
const WEIGHTS = [8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2];

/** Trims and upper-cases a typed VIN ("  1hgcm826 " → "1HGCM826"). */
export function normalizeVin(input: string): string {
  return input.trim().toUpperCase();
}

/** The check digit ('0'-'9' or 'X') a 17-character VIN should carry at position 9; throws on invalid characters. */
export function vinCheckDigit(vin: string): string {
  if (vin.length !== 17) throw new Error('A VIN has 17 characters');
  let sum = 0;
  for (let i = 0; i < 17; i += 1) {
    const ch = vin[i]!;
    const value = /\d/.test(ch) ? Number(ch) : TRANSLITERATION[ch];
    if (value === undefined) throw new Error(`Invalid VIN character "${ch}"`);
    sum += value * WEIGHTS[i]!;
  }
  const remainder = sum % 11;
  return remainder === 10 ? 'X' : String(remainder);
}

/** True for a 17-character VIN whose check digit is right. */
export function isValidVin(vin: string): boolean {
  try {
    return vin.length === 17 && vin[8] === vinCheckDigit(vin);
  } catch {
    return false;
  }
}

/** Puts the right check digit into position 9 of a 17-character VIN. */
export function withCheckDigit(vin: string): string {
  const upper = vin.toUpperCase();
  return `${upper.slice(0, 8)}${vinCheckDigit(upper)}${upper.slice(9)}`;
}
