import { QueryFailedError } from 'typeorm';
import { authError } from './auth-error';

/** TypeORM answers an UPDATE ... RETURNING on PostgreSQL as [rows, affected]; plain queries as rows. */
export function updateRows<T>(result: unknown): T[] {
  if (Array.isArray(result) && result.length === 2 && Array.isArray(result[0]) && typeof result[1] === 'number') return result[0] as T[];
  return Array.isArray(result) ? (result as T[]) : [];
}

/** A concurrent write that slipped past the uniqueness checks hits the unique indexes instead. */
export function uniquenessError(error: unknown) {
  if (!(error instanceof QueryFailedError)) return null;
  const driverError = error.driverError as { code?: string; constraint?: string } | undefined;
  if (driverError?.code !== '23505') return null;
  if (driverError.constraint === 'users_brand_email_uq') return authError('Auth.form.error.email.taken');
  if (driverError.constraint === 'users_brand_username_uq') return authError('Auth.form.error.username.taken');
  return null;
}
