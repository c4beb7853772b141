import { Inject, Injectable } from '@nestjs/common';
import { CLOCK, type Clock } from '@trackside/platform';
import type { IdentityConfig } from '../config/identity-config';
import { IDENTITY_CONFIG } from '../config/identity-config.token';

const HOUR_MS = 3_600_000;
const MAX_KEYS = 100_000;

/**
 * Contact forms, emails to sellers and newsletter sign-ups per client address and hour
 * (CONTACT_MAX_PER_HOUR), so the forms cannot be used to flood an inbox. Counted in this process
 * only: with several identity instances the limit applies per instance (docs/decisions.md).
 */
@Injectable()
export class SubmissionLimiter {
  private readonly windows = new Map<string, { startedAt: number; count: number }>();

  constructor(
    @Inject(IDENTITY_CONFIG) private readonly config: IdentityConfig,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /** Counts one submission; false once the key has used up its hour. */
  take(key: string): boolean {
    const now = this.clock.now().getTime();
    const window = this.windows.get(key);
    if (!window || now - window.startedAt >= HOUR_MS) {
      if (this.windows.size >= MAX_KEYS) this.prune(now);
      this.windows.set(key, { startedAt: now, count: 1 });
      return true;
    }
    window.count += 1;
    return window.count <= this.config.CONTACT_MAX_PER_HOUR;
  }

  private prune(now: number): void {
    for (const [key, window] of this.windows) if (now - window.startedAt >= HOUR_MS) this.windows.delete(key);
    if (this.windows.size >= MAX_KEYS) this.windows.clear();
  }
}
