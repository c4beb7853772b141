import { describe, expect, it } from 'vitest';
import type { ListingPropertyFieldData } from '../persistence';
import { validateExtraDetails } from './listing-fields';

const field = (overrides: Partial<ListingPropertyFieldData>): ListingPropertyFieldData => ({
  id: overrides.name ?? 'f',
  enabled: true,
  name: 'f',
  label: 'F',
  type: 'TEXT',
  ...overrides,
});

const check = (definition: Partial<ListingPropertyFieldData>, value: unknown) => validateExtraDetails([field(definition)], { f: value });

describe('listing property fields (spec 002 section 5)', () => {
  it('requires required values', () => {
    expect(check({ required: true }, '  ').issues).toEqual([{ path: 'extraDetails.f', message: 'This value is required' }]);
    expect(check({ required: false }, '').issues).toEqual([]);
  });

  it('checks numbers: digits with an optional fraction, min, max and precision', () => {
    expect(check({ type: 'NUMBER' }, 'abc').issues[0]!.message).toBe('Please enter a number');
    expect(check({ type: 'NUMBER' }, '-3').issues[0]!.message).toBe('Please enter a number');
    expect(check({ type: 'NUMBER' }, '1.5').issues[0]!.message).toBe('Invalid number (up to 0 decimal places)');
    expect(check({ type: 'NUMBER', min: 1900 }, 1899).issues[0]!.message).toBe('The value must be greater than or equal to 1900');
    expect(check({ type: 'NUMBER', max: 2030 }, '2031').issues[0]!.message).toBe('The value must be less than or equal to 2030');
    expect(check({ type: 'NUMBER', min: 1900, max: 2030 }, '1967').values).toEqual({ f: 1967 });
    expect(check({ type: 'FLOAT', precision: 1 }, '2.25').issues[0]!.message).toBe('Invalid number (up to 1 decimal places)');
    expect(check({ type: 'FLOAT', precision: 2 }, '2.25').values).toEqual({ f: 2.25 });
    expect(check({ type: 'FLOAT' }, '2.123456').values).toEqual({ f: 2.123456 });
  });

  it('checks prices: non-negative, two decimals, thousands separators allowed', () => {
    expect(check({ type: 'PRICE' }, '1,250.50').values).toEqual({ f: 1250.5 });
    expect(check({ type: 'PRICE' }, '1.005').issues[0]!.message).toBe('Invalid number (up to 2 decimal places)');
    expect(check({ type: 'PRICE' }, '1000000001').issues[0]!.message).toBe('The value must be less than or equal to 1000000000');
  });

  it('checks patterns with the custom message, else Invalid format', () => {
    expect(check({ regex: '^[A-HJ-NPR-Z0-9]{17}$', regexMessage: 'A VIN has 17 characters' }, 'SHORT').issues[0]!.message).toBe(
      'A VIN has 17 characters',
    );
    expect(check({ regex: '^\\d{4}$' }, 'abcd').issues[0]!.message).toBe('Invalid format');
    expect(check({ regex: '^\\d{4}$' }, ' 1234 ').values).toEqual({ f: '1234' });
  });

  it('checks selects, booleans, makes and rich text; reports unknown types and fields', () => {
    const options = [
      { id: 'manual', name: 'Manual' },
      { id: 'auto', name: 'Automatic' },
    ];
    expect(check({ type: 'SELECT', options }, 'auto').values).toEqual({ f: 'Automatic' });
    expect(check({ type: 'SELECT', options }, 'CVT').issues[0]!.message).toBe('Select an option');
    expect(check({ type: 'BOOLEAN' }, 'true').values).toEqual({ f: true });
    expect(check({ type: 'BOOLEAN' }, 'yes').issues[0]!.message).toBe('Invalid format');
    expect(check({ type: 'MAKE' }, 'Other').values).toEqual({ f: 'Other' });
    expect(check({ type: 'RICH_TEXT' }, '<p>Hello</p>').values).toEqual({ f: '<p>Hello</p>' });
    expect(check({ type: 'COLOUR_PICKER' }, '#fff').issues[0]!.message).toBe('Undefined Type');
    expect(validateExtraDetails([field({})], { f: 'x', other: 1 }).issues).toEqual([
      { path: 'extraDetails.other', message: "Unknown field 'other'" },
    ]);
  });

  it('ignores disabled fields and fields that are switched off', () => {
    expect(validateExtraDetails([field({ disabled: true, required: true })], {}).issues).toEqual([]);
    expect(validateExtraDetails([field({ enabled: false, required: true })], {}).issues).toEqual([]);
  });

  it('stores rich text sanitised: formatting kept, scripts, handlers and javascript: links removed', () => {
    const html = '<h2>Build</h2><p onclick="steal()"><b>Seam</b> welded<script>alert(1)</script></p><a href="javascript:alert(1)">x</a>';
    expect(check({ type: 'RICH_TEXT' }, html)).toEqual({
      values: { f: '<h2>Build</h2><p><b>Seam</b> welded</p><a rel="noopener noreferrer nofollow" target="_blank">x</a>' },
      issues: [],
    });
    expect(check({ type: 'RICH_TEXT', required: true }, '<p><br></p><script>x</script>').issues[0]!.message).toBe('This value is required');
    expect(check({ type: 'RICH_TEXT' }, '<p><br></p>')).toEqual({ values: {}, issues: [] });
    expect(check({ type: 'RICH_TEXT' }, 'x'.repeat(50_001)).issues[0]!.message).toBe('Invalid format');
  });
});
