import { describe, expect, it } from 'vitest';
import { lotTiming } from './lot-timing';

const at = '2026-12-01T10:00:00.000Z';

describe('lot timing', () => {
  it('an approved lot without dates is not scheduled yet; with a start date it is coming soon', () => {
    expect(lotTiming({ status: 'APPROVED', scheduledStartDate: null, finalEndDate: null }, false)).toEqual({ kind: 'not-scheduled' });
    expect(lotTiming({ status: 'PENDING', scheduledStartDate: null, finalEndDate: null }, false)).toEqual({ kind: 'not-scheduled' });
    expect(lotTiming({ status: 'APPROVED', scheduledStartDate: at, finalEndDate: null }, false)).toEqual({ kind: 'coming-soon', at });
  });

  it('counts down only to a date that is set', () => {
    expect(lotTiming({ status: 'SCHEDULED', scheduledStartDate: at, finalEndDate: null }, false)).toEqual({ kind: 'starts-in', at });
    expect(lotTiming({ status: 'LIVE', scheduledStartDate: null, finalEndDate: at }, false)).toEqual({ kind: 'ends-in', at });
    expect(lotTiming({ status: 'LIVE', scheduledStartDate: null, finalEndDate: at }, true)).toEqual({ kind: 'finalizing' });
    expect(lotTiming({ status: 'SOLD', scheduledStartDate: null, finalEndDate: at }, false)).toEqual({ kind: 'ended' });
    expect(lotTiming({ status: 'CANCELED', scheduledStartDate: null, finalEndDate: at }, false)).toEqual({ kind: 'canceled' });
  });
});
