import { describe, expect, it } from 'vitest';
import {
  LISTING_VIDEO_MESSAGES,
  canAddVideo,
  playableVideoUrl,
  videoCountError,
  videoLinkError,
  videoLinks,
  videoRowsFrom,
} from './listing-videos';

describe('listing videos (package videoLimit, YouTube or Vimeo links)', () => {
  it('uses the catalogue service words', () => {
    expect(LISTING_VIDEO_MESSAGES.tooMany(1)).toBe('You can only add a maximum of 1 videos');
    expect(LISTING_VIDEO_MESSAGES.notVideoSite).toBe('The video URL must be a YouTube or Vimeo link');
  });

  it('keeps trimmed links and drops blank rows', () => {
    expect(videoLinks(['  https://youtu.be/dQw4w9WgXcQ ', '', '   ', 'https://vimeo.com/123456'])).toEqual([
      'https://youtu.be/dQw4w9WgXcQ',
      'https://vimeo.com/123456',
    ]);
  });

  it('accepts YouTube and Vimeo links (watch, short, embed) and refuses anything else', () => {
    expect(videoLinkError('https://www.youtube.com/watch?v=dQw4w9WgXcQ')).toBeNull();
    expect(videoLinkError(' https://youtu.be/dQw4w9WgXcQ ')).toBeNull();
    expect(videoLinkError('https://www.youtube.com/embed/dQw4w9WgXcQ')).toBeNull();
    expect(videoLinkError('https://player.vimeo.com/video/123456')).toBeNull();
    expect(videoLinkError('')).toBeNull();
    expect(videoLinkError('https://example.com/clip.mp4')).toBe('The video URL must be a YouTube or Vimeo link');
    expect(videoLinkError('youtube')).toBe('The video URL must be a YouTube or Vimeo link');
    expect(videoLinkError('javascript:alert(1)')).toBe('The video URL must be a YouTube or Vimeo link');
  });

  it('counts only filled rows against the limit', () => {
    expect(videoCountError(['https://youtu.be/dQw4w9WgXcQ', ''], 1)).toBeNull();
    expect(videoCountError(['https://youtu.be/dQw4w9WgXcQ', 'https://vimeo.com/123456'], 1)).toBe('You can only add a maximum of 1 videos');
    expect(videoCountError(['https://youtu.be/dQw4w9WgXcQ'], 0)).toBe('You can only add a maximum of 0 videos');
    expect(videoCountError([], 0)).toBeNull();
  });

  it('adds a row only while the rows stay within the limit', () => {
    expect(canAddVideo([], 1)).toBe(true);
    expect(canAddVideo([''], 1)).toBe(false);
    expect(canAddVideo(['a', 'b'], 3)).toBe(true);
    expect(canAddVideo([], 0)).toBe(false);
  });

  it('opens saved embed links as rows and plays them as embed URLs', () => {
    expect(videoRowsFrom(undefined)).toEqual([]);
    expect(videoRowsFrom(['https://www.youtube.com/embed/dQw4w9WgXcQ'])).toEqual(['https://www.youtube.com/embed/dQw4w9WgXcQ']);
    expect(playableVideoUrl('https://www.youtube.com/watch?v=dQw4w9WgXcQ')).toBe('https://www.youtube.com/embed/dQw4w9WgXcQ');
    expect(playableVideoUrl('https://www.youtube.com/embed/dQw4w9WgXcQ')).toBe('https://www.youtube.com/embed/dQw4w9WgXcQ');
    expect(playableVideoUrl('https://player.vimeo.com/video/123456')).toBe('https://player.vimeo.com/video/123456');
    expect(playableVideoUrl('https://example.com/x')).toBeNull();
  });
});
