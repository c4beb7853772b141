/** The one clock type and token live in libs/platform (issue 19 part 6); kept for imports not yet moved. */
export { AdjustableClock, CLOCK, systemClock, type Clock } from '@trackside/platform';
