/**
 * The server's clock, injected so tests can move time (lot ends, code expiry, lock-out, hold
 * re-authorisation) instead of sleeping. One type and one DI token for every service: the
 * all-in-one process hands the same clock to all of them.
 */
export interface Clock {
  now(): Date;
}

/** The DI token every service injects its clock under (`@Inject(CLOCK) clock: Clock`). */
export const CLOCK = Symbol('CLOCK');

export const systemClock: Clock = { now: () => new Date() };

/** A clock that runs in real time from an adjustable offset (tests jump forward days). */
export class AdjustableClock implements Clock {
  private offsetMs = 0;
  now(): Date {
    return new Date(Date.now() + this.offsetMs);
  }
  advance(ms: number): void {
    this.offsetMs += ms;
  }
  reset(): void {
    this.offsetMs = 0;
  }
}
