import { describe, expect, it } from 'vitest';
import type { ListingPropertyFieldData } from '../persistence';
import { validateExtraDetails } from './listing-fields';
import { compileStaffPattern, testStaffPattern } from './staff-pattern';

const field = (regex: string): ListingPropertyFieldData => ({ id: 'f', enabled: true, name: 'f', label: 'F', type: 'TEXT', regex });

describe('staff-defined patterns run with RE2 (issue 18, L8)', () => {
  it('probe: ^(a+)+$ against a long non-matching value answers at once', () => {
    // With RegExp this backtracks exponentially: 30 characters already take seconds.
    const value = `${'a'.repeat(1999)}!`;
    const started = performance.now();
    const result = validateExtraDetails([field('^(a+)+$')], { f: value });
    expect(performance.now() - started).toBeLessThan(500);
    expect(result.issues).toEqual([{ path: 'extraDetails.f', message: 'Invalid format' }]);
    expect(validateExtraDetails([field('^(a+)+$')], { f: 'aaaa' }).values).toEqual({ f: 'aaaa' });
  });

  it('keeps JavaScript search semantics for ordinary patterns', () => {
    expect(testStaffPattern('^[A-HJ-NPR-Z0-9]{17}$', '1HGCM82633A004352')).toBe(true);
    expect(testStaffPattern('^[A-HJ-NPR-Z0-9]{17}$', '1HGCM82633A00435I')).toBe(false);
    expect(testStaffPattern('\\d{4}', 'year 1967 model')).toBe(true);
  });

  it('refuses patterns RE2 cannot run, too long patterns and too long values', () => {
    expect(compileStaffPattern('(a)\\1')).toBeNull();
    expect(compileStaffPattern('(?=a)a')).toBeNull();
    expect(compileStaffPattern('a'.repeat(501))).toBeNull();
    expect(testStaffPattern('(?=a)a', 'a')).toBeNull();
    expect(testStaffPattern('a', 'a'.repeat(2001))).toBe(false);
  });
});
