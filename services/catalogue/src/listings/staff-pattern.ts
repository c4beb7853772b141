import { LISTING_MESSAGES } from '@trackside/contracts';
import { RE2JS } from 're2js';

/**
 * Staff-defined listing field patterns (`regex` on a category field) run with RE2 (re2js), a
 * linear-time engine: no backtracking, so `^(a+)+$` against a long value answers at once instead of
 * stalling the shared event loop (issue 18, L8). RE2 has no lookaround or backreferences; a pattern
 * using them is refused when staff save the category. docs/security.md "Staff-defined patterns".
 */
export const MAX_PATTERN_LENGTH = 500;
/** Values a pattern is tested against are at most this long (TEXT fields keep their own 2,000 cap). */
export const MAX_PATTERN_VALUE_LENGTH = 2000;
export const PATTERN_INVALID_MESSAGE = LISTING_MESSAGES.patternInvalid(MAX_PATTERN_LENGTH);

const compiled = new Map<string, RE2JS | null>();
const CACHE_LIMIT = 500;

/** The compiled pattern, or null when RE2 cannot compile it (or it is too long). Cached. */
export function compileStaffPattern(pattern: string): RE2JS | null {
  if (compiled.has(pattern)) return compiled.get(pattern)!;
  let result: RE2JS | null = null;
  if (pattern.length <= MAX_PATTERN_LENGTH) {
    try {
      result = RE2JS.compile(pattern);
    } catch {
      result = null;
    }
  }
  if (compiled.size >= CACHE_LIMIT) compiled.delete(compiled.keys().next().value!);
  compiled.set(pattern, result);
  return result;
}

/** Whether the value matches (search semantics, as JavaScript's RegExp.test); null for an unusable pattern. */
export function testStaffPattern(pattern: string, value: string): boolean | null {
  if (value.length > MAX_PATTERN_VALUE_LENGTH) return false;
  const re = compileStaffPattern(pattern);
  return re ? re.test(value) : null;
}
