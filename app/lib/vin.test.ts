import { describe, expect, it } from 'vitest';
import { isValidVin, normalizeVin, vinCheckDigit, withCheckDigit } from './vin';

describe('VIN check digit', () => {
  it('accepts a published valid VIN', () => {
    // The example VIN from the NHTSA check-digit worked example.
    expect(vinCheckDigit('1M8GDM9AXKP042788')).toBe('X');
    expect(isValidVin('1M8GDM9AXKP042788')).toBe(true);
  });

  it('rejects a VIN whose check digit is wrong, or that has I, O or Q', () => {
    expect(isValidVin('1M8GDM9A1KP042788')).toBe(false);
    expect(isValidVin('1M8GDM9AXKP04278O')).toBe(false);
    expect(isValidVin('SHORT')).toBe(false);
  });

  it('fixes the check digit and normalises input', () => {
    const fixed = withCheckDigit('1hgcm82630a004352');
    expect(isValidVin(fixed)).toBe(true);
    expect(normalizeVin('  1hgcm826 ')).toBe('1HGCM826');
  });
});
