import { CATALOGUE_ERROR_CODES, CATALOGUE_FIELD_MESSAGES } from '@trackside/contracts';
import { DomainError, forbidden } from '@trackside/platform';
import type { z } from 'zod';

/** A validation failure with the field paths and messages (the first one is the error's message). */
export function validationError(
  issues: Array<{ path: string; message: string }>,
  code: string = CATALOGUE_ERROR_CODES.validation,
): DomainError {
  return new DomainError(code, issues[0]?.message ?? CATALOGUE_FIELD_MESSAGES.invalidInput, 'invalid', { fields: issues });
}

export function zodIssues(error: z.ZodError): Array<{ path: string; message: string }> {
  return error.issues.map((issue) => ({ path: issue.path.map(String).join('.'), message: issue.message }));
}

/** A 404 with one of the catalogue's not-found messages (e.g. DIRECTORY_MESSAGES.notFound). */
export function notFound(message: string): DomainError {
  return new DomainError(CATALOGUE_ERROR_CODES.notFound, message, 'not-found');
}

/** The brand argument of a public query must be the request's brand: a request never reads another brand. */
export function assertSameBrand(argument: string | null | undefined, brand: string): void {
  if (argument && argument !== brand) throw forbidden({ reason: 'brand mismatch' });
}
