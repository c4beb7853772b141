import { describe, expect, it } from 'vitest';
import { auctionSettingsSchema, MESSAGES, toFormValues, toPatch, type AuctionSettingsValues } from './auction-settings-form';

const defaults = {
  host: null,
  sniperProtectionTime: 120,
  displayLimit: 15,
  dateRangeLimit: 7,
  bidMinimumIncrement: 1,
  infographic: null,
  information: null,
  bidHoldRequired: false,
  bidHoldAmount: 100,
  reserveMeter: { enabled: true, fillColor: 'green', pdfGuide: null },
};

async function errorsOf(values: AuctionSettingsValues): Promise<Record<string, string>> {
  try {
    await auctionSettingsSchema.validate(values, { abortEarly: false });
    return {};
  } catch (error) {
    const inner = (error as { inner: Array<{ path: string; message: string }> }).inner;
    // The first message of each field, as the form shows it.
    const first: Record<string, string> = {};
    for (const issue of inner) first[issue.path] ??= issue.message;
    return first;
  }
}

describe('Auction > Configure form', () => {
  it('starts from the stored configuration, the spec’s named default colour as hex', async () => {
    const values = toFormValues(defaults);
    expect(values).toMatchObject({
      sniperProtectionTime: '120',
      bidMinimumIncrement: '1',
      reserveMeterFillColor: '#008000',
      bidHoldAmount: '100',
    });
    expect(await errorsOf(values)).toEqual({});
  });

  it('refuses each out-of-range or malformed value with its message', async () => {
    const values = {
      ...toFormValues(defaults),
      sniperProtectionTime: '1.5',
      bidMinimumIncrement: '0',
      dateRangeLimit: '0',
      displayLimit: '501',
      reserveMeterFillColor: 'green',
      bidHoldAmount: '10.555',
    };
    expect(await errorsOf(values)).toEqual({
      sniperProtectionTime: MESSAGES.wholeSeconds,
      bidMinimumIncrement: MESSAGES.positiveAmount,
      dateRangeLimit: MESSAGES.days,
      displayLimit: MESSAGES.displayLimit,
      reserveMeterFillColor: MESSAGES.hex,
      bidHoldAmount: MESSAGES.amount,
    });
    expect((await errorsOf({ ...values, sniperProtectionTime: ' ' })).sniperProtectionTime).toBe(MESSAGES.required);
  });

  it('sends numbers, hex in capitals, and null for empty texts', () => {
    const patch = toPatch({
      ...toFormValues(defaults),
      bidMinimumIncrement: ' 250.50 ',
      reserveMeterFillColor: '#2e7d32',
      information: '  ',
    });
    expect(patch).toEqual({
      sniperProtectionTime: 120,
      bidMinimumIncrement: 250.5,
      dateRangeLimit: 7,
      displayLimit: 15,
      reserveMeter: { enabled: true, fillColor: '#2E7D32', pdfGuide: null },
      bidHoldRequired: false,
      bidHoldAmount: 100,
      host: null,
      infographic: null,
      information: null,
    });
  });
});
