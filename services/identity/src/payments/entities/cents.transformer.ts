import type { ValueTransformer } from 'typeorm';

/** bigint cents columns: PostgreSQL answers text; amounts stay far below 2^53 (docs/decisions.md "Money"). */
export const CENTS: ValueTransformer = {
  to: (value: number | null | undefined) => value,
  from: (value: string | null) => (value === null ? null : Number(value)),
};
