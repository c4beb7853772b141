import { describe, expect, it } from 'vitest';
import { defaultValueOf, fieldError, fromExtraDetails, toExtraDetails, visibleFields, type PropertyField } from './listing-fields';

const base: PropertyField = {
  id: 'f',
  name: 'f',
  label: 'F',
  type: 'TEXT',
  enabled: true,
  hidden: false,
  disabled: false,
  required: false,
  regex: null,
  regexMessage: null,
  min: null,
  max: null,
  precision: null,
  tooltip: null,
  defaultValue: null,
  placeholder: null,
  options: [],
  order: 1,
};

describe('dynamic listing fields (spec 002 section 5)', () => {
  it('shows the spec messages for required, numbers, bounds, precision and patterns', () => {
    expect(fieldError({ ...base, required: true }, '  ')).toBe('This value is required');
    expect(fieldError({ ...base, type: 'NUMBER' }, 'abc')).toBe('Please enter a number');
    expect(fieldError({ ...base, type: 'NUMBER', min: 1900 }, '1800')).toBe('The value must be greater than or equal to 1900');
    expect(fieldError({ ...base, type: 'NUMBER', max: 2030 }, '2031')).toBe('The value must be less than or equal to 2030');
    expect(fieldError({ ...base, type: 'FLOAT', precision: 1 }, '1.25')).toBe('Invalid number (up to 1 decimal places)');
    expect(fieldError({ ...base, type: 'FLOAT', precision: 1 }, '1.5')).toBeNull();
    expect(fieldError({ ...base, type: 'PRICE' }, '1,250.50')).toBeNull();
    expect(fieldError({ ...base, type: 'PRICE' }, '-1')).toBe('The value must be greater than or equal to 0');
    expect(fieldError({ ...base, regex: '^[A-Z0-9]{17}$' }, 'short')).toBe('Invalid format');
    expect(fieldError({ ...base, regex: '^[A-Z0-9]{17}$', regexMessage: 'A VIN has 17 characters' }, 'short')).toBe(
      'A VIN has 17 characters',
    );
  });

  it('defaults NUMBER to its minimum (else 0), hides disabled and hidden fields, and stores numbers', () => {
    expect(defaultValueOf({ ...base, type: 'NUMBER', min: 1900 })).toBe('1900');
    expect(defaultValueOf({ ...base, type: 'NUMBER' })).toBe('0');
    const fields = [
      { ...base, name: 'b', order: 2, type: 'PRICE' },
      { ...base, name: 'a', order: 1 },
      { ...base, name: 'off', enabled: false },
      { ...base, name: 'secret', hidden: true },
    ];
    expect(visibleFields(fields).map((f) => f.name)).toEqual(['a', 'b']);
    expect(toExtraDetails(fields, { a: 'x', b: '$1,200.50', off: 'y' })).toEqual({ a: 'x', b: 1200.5 });
  });

  it('treats an emptied rich-text editor as empty and keeps its HTML otherwise', () => {
    const rich = { ...base, name: 'notes', type: 'RICH_TEXT', required: true };
    expect(fieldError(rich, '<p><br></p>')).toBe('This value is required');
    expect(fieldError(rich, '<h2>Notes</h2>')).toBeNull();
    expect(fieldError({ ...base, type: 'MAKE', required: true }, '')).toBe('This value is required');
    expect(toExtraDetails([rich], { notes: '<p><br></p>' })).toEqual({});
    expect(toExtraDetails([rich], { notes: '<p><b>x</b></p>' })).toEqual({ notes: '<p><b>x</b></p>' });
  });

  it('prefills the edit form from stored values: numbers as text, defaults for missing fields', () => {
    const fields = [
      { ...base, name: 'year', type: 'NUMBER', min: 1900 },
      { ...base, name: 'make', type: 'MAKE' },
      { ...base, name: 'ready', type: 'BOOLEAN' },
      { ...base, name: 'price', type: 'PRICE' },
    ];
    expect(fromExtraDetails(fields, { year: 1967, make: 'Lotus', ready: true, unknown: 1 })).toEqual({
      year: '1967',
      make: 'Lotus',
      ready: true,
      price: '',
    });
  });
});
