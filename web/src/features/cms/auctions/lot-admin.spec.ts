import { describe, expect, it } from 'vitest';
import { AUCTION_ERROR_MESSAGES } from '@trackside/contracts/errors/auction-error-codes';
import {
  adminStatusOf,
  lotActions,
  lotErrorMessage,
  needsUnpaidConfirmation,
  scheduleEnd,
  scheduleProblem,
  statusParamOf,
  statusesOf,
} from './lot-admin';

const lot = (status: Parameters<typeof lotActions>[0]['status'], shared = false, hosts: string[] = []) => ({ status, shared, hosts });

describe('back-office lot rules', () => {
  it('maps the admin-side statuses to lot statuses, ended including canceled lots', () => {
    expect(statusesOf('submitted')).toEqual(['PENDING']);
    expect(statusesOf('ended')).toEqual(['SOLD', 'RESERVE_NOT_MET', 'CANCELED']);
  });

  it('opens the filter a ?status= link names (the home links lot statuses: SOLD opens Ended) and writes it back the same way', () => {
    expect(adminStatusOf('PENDING')).toBe('submitted');
    expect(adminStatusOf('APPROVED')).toBe('approved');
    expect(adminStatusOf('SCHEDULED')).toBe('scheduled');
    expect(adminStatusOf('LIVE')).toBe('live');
    expect(adminStatusOf('SOLD')).toBe('ended');
    expect(adminStatusOf('CANCELED')).toBe('ended');
    expect(adminStatusOf('ended')).toBe('ended');
    expect(adminStatusOf('live')).toBe('live');
    expect(adminStatusOf(null)).toBe('submitted');
    expect(adminStatusOf('nonsense')).toBe('submitted');
    for (const key of ['submitted', 'approved', 'scheduled', 'live', 'ended'] as const) expect(adminStatusOf(statusParamOf(key))).toBe(key);
    expect(statusParamOf('ended')).toBe('SOLD');
  });

  it('offers each action only in the statuses the lot decider accepts', () => {
    expect(lotActions(lot('PENDING'))).toEqual(['approve', 'disapprove', 'send']);
    expect(lotActions(lot('APPROVED'))).toEqual(['schedule', 'disapprove', 'send']);
    expect(lotActions(lot('SCHEDULED', true))).toEqual(['schedule', 'disapprove', 'remove']);
    expect(lotActions(lot('SCHEDULED', true, ['jewelry']))).toEqual(['schedule', 'disapprove']);
    expect(lotActions(lot('LIVE', true))).toEqual([]);
    expect(lotActions(lot('SOLD'))).toEqual([]);
    expect(lotActions(lot('CANCELED', true))).toEqual(['remove']);
  });

  it('asks for the unpaid confirmation only for UNPAID packages', () => {
    expect(needsUnpaidConfirmation({ paymentStatus: 'UNPAID' })).toBe(true);
    expect(needsUnpaidConfirmation({ paymentStatus: 'PAID' })).toBe(false);
    expect(needsUnpaidConfirmation({ paymentStatus: 'FREE' })).toBe(false);
  });

  it('ends a schedule exactly dateRangeLimit days after its start', () => {
    expect(scheduleEnd(new Date('2030-03-01T10:00:00Z'), 7).toISOString()).toBe('2030-03-08T10:00:00.000Z');
  });

  it('checks a schedule in the server’s order, each refusal one of the seven codes', () => {
    const now = new Date('2030-03-01T10:00:00Z');
    const at = (offsetMs: number) => new Date(now.getTime() + offsetMs);
    const day = 86_400_000;
    expect(scheduleProblem(null, at(day), now, 7)).toBe('auction.network.schedule.error.dates.missing');
    expect(scheduleProblem(at(day), at(day), now, 7)).toBe('auction.network.schedule.error.dates.same');
    expect(scheduleProblem(at(-day), at(6 * day), now, 7)).toBe('auction.network.schedule.error.startDate.inPast');
    expect(scheduleProblem(at(-8 * day), at(-day), now, 7)).toBe('auction.network.schedule.error.startDate.inPast');
    expect(scheduleProblem(at(2 * day), at(day), now, 7)).toBe('auction.network.schedule.error.dates.end.before.start');
    expect(scheduleProblem(at(day), at(3 * day), now, 7)).toBe('auction.network.schedule.error.rangeOutOfBounds');
    expect(scheduleProblem(at(5_000), at(5_000 + 7 * day), now, 7)).toBeNull();
  });

  it('shows every scheduling refusal with the catalogue’s message', () => {
    const codes = Object.keys(AUCTION_ERROR_MESSAGES).filter((code) => code.startsWith('auction.network.schedule.error.'));
    expect(codes).toHaveLength(7);
    for (const code of codes)
      expect(lotErrorMessage(code, 'raw')).toBe(AUCTION_ERROR_MESSAGES[code as keyof typeof AUCTION_ERROR_MESSAGES]);
    expect(lotErrorMessage('something.else', 'The server said so')).toBe('The server said so');
    expect(lotErrorMessage(null, 'Network down')).toBe('Network down');
  });
});
