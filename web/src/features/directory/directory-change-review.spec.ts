import { describe, expect, it } from 'vitest';
import { changesAwaitingReviewText, withPendingChanges } from './directory-change-review';
import type { Directory } from './directory.operations';

const approved = {
  id: 'd1',
  status: 'approved',
  name: 'Apex Garage',
  keywords: ['engines'],
  phone: '+1 555 0100',
  changesAwaitingReview: false,
  pendingChanges: null,
} as unknown as Directory;

describe('directory changes awaiting review (issue 24 item 15)', () => {
  it('starts the edit form from the change awaiting review, not the approved version', () => {
    const entry = {
      ...approved,
      changesAwaitingReview: true,
      pendingChanges: { name: 'Apex Garage Deluxe', requestedAt: 'x' },
    } as Directory;
    expect(withPendingChanges(entry)).toMatchObject({ name: 'Apex Garage Deluxe', keywords: ['engines'], phone: '+1 555 0100' });
    expect(withPendingChanges(entry)).not.toHaveProperty('requestedAt');
    expect(withPendingChanges(approved)).toBe(approved);
  });

  it('names the changed fields in words for the owner', () => {
    expect(changesAwaitingReviewText(approved)).toBeNull();
    const entry = {
      ...approved,
      changesAwaitingReview: true,
      pendingChanges: { name: 'X', keywords: ['a'], videoURL: null, requestedAt: 'x' },
    } as unknown as Directory;
    expect(changesAwaitingReviewText(entry)).toBe(
      'Your changes to the name, keywords and video await review. The approved version stays public until staff approve them.',
    );
  });
});
