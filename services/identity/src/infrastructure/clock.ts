/** The server's clock, injected so tests can move time (code expiry, lock-out) instead of sleeping. */
export interface Clock {
  now(): Date;
}

export const CLOCK = Symbol('IDENTITY_CLOCK');

export const systemClock: Clock = { now: () => new Date() };

/** A clock that runs in real time from an adjustable offset. */
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
