import { describe, expect, it } from 'vitest';
import {
  DIRECTORY_CATEGORIES,
  DIRECTORY_STATUSES,
  directorySlug,
  FEATURED_HITS_PER_PAGE,
  HOURS_DAYS,
  keywordLimit,
  keywordsError,
  REGULAR_HITS_PER_PAGE,
  splitKeywords,
  toEmbedVideoUrl,
} from './directory-rules';

describe('directory rules, one copy for the catalogue and the web (spec 002)', () => {
  it('name the categories, statuses, days and page sizes', () => {
    expect(DIRECTORY_CATEGORIES).toEqual([
      'RACETRACK',
      'RESTORATION',
      'STORAGE',
      'TRANSPORTATION',
      'ENGINEERS',
      'PARTS',
      'TIRES',
      'RACINGCLUB',
      'INSPECTION',
      'SIMRACING',
    ]);
    expect(DIRECTORY_STATUSES).toEqual(['pending', 'approved', 'declined']);
    expect(HOURS_DAYS).toEqual(['Su', 'Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa']);
    expect([FEATURED_HITS_PER_PAGE, REGULAR_HITS_PER_PAGE]).toEqual([4, 8]);
  });

  it('split keywords on commas from text or a list, and allow 10 for a featured entry, 2 otherwise', () => {
    expect(splitKeywords(' a, ,b ,, ')).toEqual(['a', 'b']);
    expect(splitKeywords(['a, b', 'c', ''])).toEqual(['a', 'b', 'c']);
    expect([keywordLimit(true), keywordLimit(false)]).toEqual([10, 2]);
    expect(keywordsError('a, b', false)).toBeNull();
    expect(keywordsError(['a', 'b', 'c'], false)).toBe('Too many keywords, maximum: 2');
    expect(keywordsError('1,2,3,4,5,6,7,8,9,10,11', true)).toBe('Too many keywords, maximum: 10');
  });

  it('store video links in their embed form and refuse anything else', () => {
    expect(toEmbedVideoUrl('https://www.youtube.com/watch?v=dQw4w9WgXcQ')).toBe('https://www.youtube.com/embed/dQw4w9WgXcQ');
    expect(toEmbedVideoUrl('https://m.youtube.com/shorts/dQw4w9WgXcQ')).toBe('https://www.youtube.com/embed/dQw4w9WgXcQ');
    expect(toEmbedVideoUrl('https://youtu.be/dQw4w9WgXcQ')).toBe('https://www.youtube.com/embed/dQw4w9WgXcQ');
    expect(toEmbedVideoUrl('https://vimeo.com/123456')).toBe('https://player.vimeo.com/video/123456');
    expect(toEmbedVideoUrl('javascript:alert(1)')).toBeNull();
    expect(toEmbedVideoUrl('https://example.com/watch?v=dQw4w9WgXcQ')).toBeNull();
  });

  it("slug an entry's name for its owner page", () => {
    expect(directorySlug('  Apex  Restorations ')).toBe('apex-restorations');
  });
});
