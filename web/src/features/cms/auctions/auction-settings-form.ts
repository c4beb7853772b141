import * as yup from 'yup';
import { HEX_COLOR } from '@trackside/contracts/catalogue/catalogue-messages';
import type { AuctionSettings, AuctionSettingsPatch } from './auction-settings.operations';
import {
  hoursError,
  LADDER_MESSAGES,
  toHoursText,
  toLadder,
  toLadderValues,
  toReminderHours,
  type LadderValues,
} from './increment-ladder-form';

/** The Auction > Configure form: numbers as typed text until saved, so a half-typed value is never sent. */
export interface AuctionSettingsValues extends LadderValues {
  sniperProtectionTime: string;
  bidMinimumIncrement: string;
  dateRangeLimit: string;
  displayLimit: string;
  reserveMeterEnabled: boolean;
  reserveMeterFillColor: string;
  reserveMeterPdfGuide: string;
  bidHoldRequired: boolean;
  bidHoldAmount: string;
  host: string;
  infographic: string;
  information: string;
  /** The brand's ending-reminder hours ("24, 1"); empty: the default. */
  endingReminderHours: string;
}

/** Colour names the server has stored before hex was asked for (the spec's default is "green"). */
const NAMED_COLOURS: Record<string, string> = { green: '#008000', red: '#FF0000', blue: '#0000FF', orange: '#FFA500', black: '#000000' };

export const MESSAGES = {
  required: 'Required',
  wholeSeconds: 'Seconds as a whole number from 0 to 86,400 (one day).',
  amount: 'An amount from 0 to 1,000,000,000 with at most two decimals.',
  positiveAmount: 'An amount above 0 and up to 1,000,000,000 with at most two decimals.',
  days: 'Days as a whole number from 1 to 365.',
  displayLimit: 'A whole number from 1 to 500.',
  hex: 'The fill colour must be hex, such as #2E7D32.',
  tooLong: 'At most 2,000 characters.',
} as const;

const AMOUNT = /^\d{1,10}(\.\d{1,2})?$/;
const WHOLE = /^\d{1,6}$/;

const wholeIn = (min: number, max: number, message: string) =>
  yup
    .string()
    .trim()
    .required(MESSAGES.required)
    .test('whole', message, (value) => WHOLE.test(value) && Number(value) >= min && Number(value) <= max);

const amountIn = (min: 'zero' | 'positive') =>
  yup
    .string()
    .trim()
    .required(MESSAGES.required)
    .test('amount', min === 'zero' ? MESSAGES.amount : MESSAGES.positiveAmount, (value) => {
      if (!AMOUNT.test(value)) return false;
      const amount = Number(value);
      return amount <= 1_000_000_000 && (min === 'zero' || amount > 0);
    });

export const auctionSettingsSchema = yup.object({
  sniperProtectionTime: wholeIn(0, 86_400, MESSAGES.wholeSeconds),
  bidMinimumIncrement: amountIn('positive'),
  dateRangeLimit: wholeIn(1, 365, MESSAGES.days),
  displayLimit: wholeIn(1, 500, MESSAGES.displayLimit),
  reserveMeterEnabled: yup.boolean().required(),
  reserveMeterFillColor: yup.string().trim().required(MESSAGES.required).matches(HEX_COLOR, MESSAGES.hex),
  reserveMeterPdfGuide: yup.string().trim().max(2000, MESSAGES.tooLong),
  bidHoldRequired: yup.boolean().required(),
  bidHoldAmount: amountIn('zero'),
  host: yup.string().trim().max(2000, MESSAGES.tooLong),
  infographic: yup.string().trim().max(2000, MESSAGES.tooLong),
  information: yup.string().trim().max(2000, MESSAGES.tooLong),
  endingReminderHours: yup.string().test('hours', LADDER_MESSAGES.hours, (value) => !hoursError(value ?? '')),
  // The ladder's rows are checked together (rising limits) by ladderErrors, the form's `validate`.
  ladder: yup.array(),
  ladderAbove: yup.string(),
});

const plain = (value: number) => String(Number(value.toFixed(2)));

export function toFormValues(settings: AuctionSettings): AuctionSettingsValues {
  const colour = settings.reserveMeter.fillColor.trim();
  return {
    sniperProtectionTime: String(settings.sniperProtectionTime),
    bidMinimumIncrement: plain(settings.bidMinimumIncrement),
    dateRangeLimit: String(settings.dateRangeLimit),
    displayLimit: String(settings.displayLimit),
    reserveMeterEnabled: settings.reserveMeter.enabled,
    reserveMeterFillColor: NAMED_COLOURS[colour.toLowerCase()] ?? colour,
    reserveMeterPdfGuide: settings.reserveMeter.pdfGuide ?? '',
    bidHoldRequired: settings.bidHoldRequired,
    bidHoldAmount: plain(settings.bidHoldAmount),
    host: settings.host ?? '',
    infographic: settings.infographic ?? '',
    information: settings.information ?? '',
    ...toLadderValues(settings.bidIncrementLadder),
    endingReminderHours: toHoursText(settings.endingReminderHours),
  };
}

const orNull = (text: string) => (text.trim() === '' ? null : text.trim());

/** The whole auction configuration as updateConfigurationByBrand takes it (validated values only). */
export function toPatch(values: AuctionSettingsValues): AuctionSettingsPatch {
  return {
    sniperProtectionTime: Number(values.sniperProtectionTime.trim()),
    bidMinimumIncrement: Number(values.bidMinimumIncrement.trim()),
    dateRangeLimit: Number(values.dateRangeLimit.trim()),
    displayLimit: Number(values.displayLimit.trim()),
    reserveMeter: {
      enabled: values.reserveMeterEnabled,
      fillColor: values.reserveMeterFillColor.trim().toUpperCase(),
      pdfGuide: orNull(values.reserveMeterPdfGuide),
    },
    bidHoldRequired: values.bidHoldRequired,
    bidHoldAmount: Number(values.bidHoldAmount.trim()),
    host: orNull(values.host),
    infographic: orNull(values.infographic),
    information: orNull(values.information),
    bidIncrementLadder: toLadder(values),
    endingReminderHours: toReminderHours(values.endingReminderHours),
  };
}
