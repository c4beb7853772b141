import { describe, expect, it } from 'vitest';
import { coverId, mediaCandidates } from './media';

describe('media locations', () => {
  const id = '0f8fad5b-d9cb-469f-a165-70867728950e';

  it('tries the stored original with each allowed extension', () => {
    expect(mediaCandidates(id, 'trackside')).toEqual([
      `/uploads/trackside/${id}/original.jpg`,
      `/uploads/trackside/${id}/original.png`,
      `/uploads/trackside/${id}/original.jpeg`,
    ]);
  });

  it('has no candidates for a missing or malformed id', () => {
    expect(mediaCandidates(null, 'trackside')).toEqual([]);
    expect(mediaCandidates('../etc/passwd', 'trackside')).toEqual([]);
  });

  it('uses the cover, else the first exterior image', () => {
    expect(coverId({ coverImage: 'c', exterior: ['a'] })).toBe('c');
    expect(coverId({ coverImage: null, exterior: ['a', 'b'] })).toBe('a');
    expect(coverId({ coverImage: null, exterior: [] })).toBeNull();
  });
});
