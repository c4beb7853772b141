/**
 * The sleep a log reader takes between reads, cut short by a wake-up (a NOTIFY, a new waiter, a
 * stop). A wake-up that comes while nobody sleeps is kept, so the next sleep returns at once and no
 * append is missed between a read and the sleep after it.
 */
export class WakeSignal {
  private pending = false;
  private wakeUp: (() => void) | null = null;

  /** Ends the sleep under way, or the next one. */
  wake(): void {
    this.pending = true;
    const wake = this.wakeUp;
    this.wakeUp = null;
    wake?.();
  }

  /** Waits up to `ms`; returns at once after an unconsumed wake-up or when the reader no longer runs. */
  sleep(ms: number, running: boolean): Promise<void> {
    if (this.pending || !running) {
      this.pending = false;
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.wakeUp = null;
        resolve();
      }, ms);
      this.wakeUp = () => {
        clearTimeout(timer);
        this.pending = false;
        resolve();
      };
    });
  }
}
