import type { RecordedEvent } from '@trackside/event-store';
import { describe, expect, it } from 'vitest';
import { touchedEntries } from './catalogue-search.processor';

const ID = '7e0c8c1d-f62c-5203-a979-d59f5a4550b0';
const OTHER = '5f006a32-7ab6-4bfa-8192-6309673f8e25';

const event = (streamId: string, brand = 'trackside'): RecordedEvent =>
  ({ streamId, type: 'Anything', data: {}, metadata: { brand } }) as unknown as RecordedEvent;

describe('catalogue search processor: which entries a batch touched', () => {
  it('takes the entry id from directory-<uuid> and listing-<uuid> streams with the brand of the event', () => {
    const touched = touchedEntries([event(`directory-${ID}`), event(`listing-${OTHER}`, 'jewelry'), event(`listing-${OTHER}`, 'jewelry')]);
    expect([...touched.directories]).toEqual([[ID, 'trackside']]);
    expect([...touched.listings]).toEqual([[OTHER, 'jewelry']]);
  });

  it('ignores streams that only share a prefix and name no entry', () => {
    const touched = touchedEntries([event(`listing-group-${ID}`), event('directory-claims'), event(`payment-succeeded-${ID}`)]);
    expect(touched.directories.size + touched.listings.size).toBe(0);
  });
});
