import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { updateRows } from '../common/sql-results';
import { hashSecretCode, newSecretCode } from '../infrastructure/secret-codes';
import { OneTimeCodeEntity, type OneTimeCodeKind } from '../persistence';

/** Issues and consumes the codes mailed in links. Only hashes are stored; a code works once. */
@Injectable()
export class OneTimeCodes {
  async issue(
    manager: EntityManager,
    options: { brand: string; userId: string; kind: OneTimeCodeKind; ttlMs: number; now: Date },
  ): Promise<string> {
    const code = newSecretCode();
    await manager.insert(OneTimeCodeEntity, {
      id: randomUUID(),
      brand: options.brand,
      userId: options.userId,
      kind: options.kind,
      codeHash: hashSecretCode(code),
      expiresAt: new Date(options.now.getTime() + options.ttlMs),
      usedAt: null,
      createdAt: options.now,
    });
    return code;
  }

  /**
   * Marks the code used and answers whose it was, in one statement: two concurrent uses of the same
   * code cannot both succeed. Unknown, used, expired, other-kind and (when given) other-brand codes
   * all answer null.
   */
  async consume(
    manager: EntityManager,
    options: { code: string; kinds: OneTimeCodeKind[]; brand?: string; now: Date },
  ): Promise<{ userId: string; brand: string; kind: OneTimeCodeKind } | null> {
    const params: unknown[] = [hashSecretCode(options.code), options.kinds, options.now];
    let brandClause = '';
    if (options.brand !== undefined) {
      params.push(options.brand);
      brandClause = ` AND brand = $${params.length}`;
    }
    const result = (await manager.query(
      `UPDATE identity.one_time_codes SET used_at = $3
        WHERE code_hash = $1 AND kind = ANY($2) AND used_at IS NULL AND expires_at > $3${brandClause}
        RETURNING user_id, brand, kind`,
      params,
    )) as unknown;
    const rows = updateRows<{ user_id: string; brand: string; kind: OneTimeCodeKind }>(result);
    const row = rows[0];
    return row ? { userId: row.user_id, brand: row.brand, kind: row.kind } : null;
  }

  /** Retires every outstanding code of these kinds for the user (after a reset, a confirmation, ...). */
  async revoke(manager: EntityManager, userId: string, kinds: OneTimeCodeKind[], now: Date): Promise<void> {
    await manager.query(`UPDATE identity.one_time_codes SET used_at = $3 WHERE user_id = $1 AND kind = ANY($2) AND used_at IS NULL`, [
      userId,
      kinds,
      now,
    ]);
  }
}
