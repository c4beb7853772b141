import {
  DEFAULT_ENDING_REMINDER_HOURS,
  ENDING_REMINDER_HOURS_MESSAGE,
  normalizeEndingReminderHours,
} from '@trackside/contracts/catalogue/brand-defaults';

/**
 * The Auction > Configure screen's increment ladder and reminder hours (issue 21,
 * docs/proxy-bidding.md "Increments", docs/notifications.md "Ending reminders"), as typed text
 * until saved. The ladder's rows are "below <price>: <increment>"; the optional last line is the
 * increment above the last limit (an open band). No rows and no last line: no ladder, so every lot
 * uses the flat minimum bid increment.
 */
export interface LadderRowValues {
  below: string;
  increment: string;
}

export interface LadderValues {
  ladder: LadderRowValues[];
  ladderAbove: string;
}

export interface IncrementBand {
  below: number | null;
  increment: number;
}

/** The server keeps at most 20 bands (the rows and the open one). */
export const MAX_LADDER_ROWS = 19;

export const LADDER_MESSAGES = {
  required: 'Required',
  positiveAmount: 'An amount above 0 and up to 1,000,000,000 with at most two decimals.',
  rising: 'Each limit must be higher than the one in the row before it.',
  hours: `${ENDING_REMINDER_HOURS_MESSAGE} Separate them with commas, such as 24, 1.`,
} as const;

const AMOUNT = /^\d{1,10}(\.\d{1,2})?$/;

/** The typed amount as a number above 0 and up to 1,000,000,000, or null. */
function positiveAmount(text: string): number | null {
  const trimmed = text.trim();
  if (!AMOUNT.test(trimmed)) return null;
  const amount = Number(trimmed);
  return amount > 0 && amount <= 1_000_000_000 ? amount : null;
}

const amountError = (text: string): string | undefined =>
  text.trim() === '' ? LADDER_MESSAGES.required : positiveAmount(text) === null ? LADDER_MESSAGES.positiveAmount : undefined;

export interface LadderErrors {
  ladder?: Array<{ below?: string; increment?: string } | undefined>;
  ladderAbove?: string;
}

/**
 * Each row's own message (formik's error shape): a limit and an increment that are positive
 * amounts, limits rising from row to row; the line above the last limit is optional.
 */
export function ladderErrors(values: LadderValues): LadderErrors {
  const rows = values.ladder.map((row, index) => {
    let below = amountError(row.below);
    const previous = index > 0 ? positiveAmount(values.ladder[index - 1]!.below) : null;
    const limit = positiveAmount(row.below);
    if (!below && previous !== null && limit !== null && limit <= previous) below = LADDER_MESSAGES.rising;
    const increment = amountError(row.increment);
    return below || increment ? { ...(below ? { below } : {}), ...(increment ? { increment } : {}) } : undefined;
  });
  const errors: LadderErrors = {};
  if (rows.some(Boolean)) errors.ladder = rows;
  if (values.ladderAbove.trim() !== '' && positiveAmount(values.ladderAbove) === null) errors.ladderAbove = LADDER_MESSAGES.positiveAmount;
  return errors;
}

const plain = (value: number) => String(Number(value.toFixed(2)));

export function toLadderValues(ladder: readonly IncrementBand[] | null | undefined): LadderValues {
  const bands = ladder ?? [];
  const open = bands.find((band) => band.below === null);
  return {
    ladder: bands.filter((band) => band.below !== null).map((band) => ({ below: plain(band.below!), increment: plain(band.increment) })),
    ladderAbove: open ? plain(open.increment) : '',
  };
}

/** The ladder as updateConfigurationByBrand takes it (validated values only); null: no ladder. */
export function toLadder(values: LadderValues): IncrementBand[] | null {
  const bands: IncrementBand[] = values.ladder.map((row) => ({ below: Number(row.below.trim()), increment: Number(row.increment.trim()) }));
  if (values.ladderAbove.trim() !== '') bands.push({ below: null, increment: Number(values.ladderAbove.trim()) });
  return bands.length > 0 ? bands : null;
}

/** The reminder hours as typed ("24, 1"), or empty for the default. */
export function toHoursText(hours: readonly number[] | null | undefined): string {
  return hours && hours.length > 0 ? hours.join(', ') : '';
}

function parseHours(text: string): number[] | null {
  const parts = text.split(',').map((part) => part.trim());
  if (parts.some((part) => !/^\d{1,4}$/.test(part))) return null;
  return normalizeEndingReminderHours(parts.map(Number));
}

/** Empty is the default; otherwise one to five whole hours from 1 to 720. */
export function hoursError(text: string): string | undefined {
  return text.trim() === '' || parseHours(text) ? undefined : LADDER_MESSAGES.hours;
}

/** The hours as the server takes them: largest first without repeats; null for the default. */
export function toReminderHours(text: string): number[] | null {
  return text.trim() === '' ? null : parseHours(text);
}

/** What the screen says the default is, from the contracts' one copy. */
export const DEFAULT_HOURS_TEXT = DEFAULT_ENDING_REMINDER_HOURS.join(' and ');
