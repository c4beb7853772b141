import { describe, expect, it } from 'vitest';
import { auctionSettingsSchema, MESSAGES, toFormValues, toPatch, type AuctionSettingsValues } from './auction-settings-form';
import { LADDER_MESSAGES } from './increment-ladder-form';

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
  bidIncrementLadder: null,
  endingReminderHours: null,
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
      // No ladder and no hours of its own: the flat increment and the default reminders (issue 21).
      bidIncrementLadder: null,
      endingReminderHours: null,
    });
  });

  it('shows a stored ladder as rows and the open band, and sends it back with the hours largest first', () => {
    const values = toFormValues({
      ...defaults,
      bidIncrementLadder: [
        { below: 1000, increment: 50 },
        { below: 10000, increment: 100 },
        { below: null, increment: 250 },
      ],
      endingReminderHours: [48, 2],
    });
    expect(values).toMatchObject({
      ladder: [
        { below: '1000', increment: '50' },
        { below: '10000', increment: '100' },
      ],
      ladderAbove: '250',
      endingReminderHours: '48, 2',
    });
    const patch = toPatch({ ...values, ladderAbove: '', endingReminderHours: '1, 12, 1' });
    expect(patch.bidIncrementLadder).toEqual([
      { below: 1000, increment: 50 },
      { below: 10000, increment: 100 },
    ]);
    expect(patch.endingReminderHours).toEqual([12, 1]);
  });

  it('refuses reminder hours that are not one to five whole hours from 1 to 720', async () => {
    for (const wrong of ['0', '1.5', '721', '24;1', '1, 2, 3, 4, 5, 6', 'soon'])
      expect((await errorsOf({ ...toFormValues(defaults), endingReminderHours: wrong })).endingReminderHours).toBe(LADDER_MESSAGES.hours);
    expect(await errorsOf({ ...toFormValues(defaults), endingReminderHours: ' 48 , 6 ' })).toEqual({});
  });
});
