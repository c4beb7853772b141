import { describe, expect, it } from 'vitest';
import { isNewer } from './update-check';

describe('update check', () => {
  it('reloads only for a strictly later, valid build date', () => {
    expect(isNewer('2026-11-23T06:00:00.000Z', '2026-11-23T05:00:00.000Z')).toBe(true);
    expect(isNewer('2026-11-23T05:00:00.000Z', '2026-11-23T05:00:00.000Z')).toBe(false);
    expect(isNewer('2026-11-22T05:00:00.000Z', '2026-11-23T05:00:00.000Z')).toBe(false);
    expect(isNewer('not a date', '2026-11-23T05:00:00.000Z')).toBe(false);
  });
});
