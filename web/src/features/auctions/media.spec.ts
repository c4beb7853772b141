import { describe, expect, it } from 'vitest';
import { galleryFiles, mediaUrl, savedImages, type MediaFile } from './media';

const file = (id: string, formats: MediaFile['formats'] = null, url = `/uploads/trackside/${id}/original.jpg`): MediaFile => ({
  id,
  url,
  formats,
});

describe('lot image URLs', () => {
  const full = file('a', {
    thumbnail: { url: '/uploads/trackside/a/thumbnail.jpg' },
    small: { url: '/uploads/trackside/a/small.jpg' },
    large: { url: '/uploads/trackside/a/large.jpg' },
  });

  it('uses the wanted format, else the next larger one, else the original', () => {
    expect(mediaUrl(full, 'thumbnail')).toBe('/uploads/trackside/a/thumbnail.jpg');
    expect(mediaUrl(full, 'small')).toBe('/uploads/trackside/a/small.jpg');
    // No medium format: the large one.
    expect(mediaUrl(full, 'medium')).toBe('/uploads/trackside/a/large.jpg');
    expect(mediaUrl(full, 'original')).toBe('/uploads/trackside/a/original.jpg');
    // A small original has no formats at all.
    expect(mediaUrl(file('b'), 'thumbnail')).toBe('/uploads/trackside/b/original.jpg');
  });

  it('accepts storage URLs over http(s) and same-origin paths only', () => {
    expect(mediaUrl(file('c', null, 'https://bucket.example.test/trackside/c/original.png'), 'small')).toBe(
      'https://bucket.example.test/trackside/c/original.png',
    );
    expect(mediaUrl(file('d', { thumbnail: { url: 'javascript:alert(1)' } }), 'thumbnail')).toBe('/uploads/trackside/d/original.jpg');
    expect(mediaUrl(file('e', null, '//evil.example.test/x.png'), 'small')).toBeNull();
  });

  it('has no URL for a missing file (the default image shows)', () => {
    expect(mediaUrl(null, 'small')).toBeNull();
    expect(mediaUrl(undefined, 'thumbnail')).toBeNull();
  });

  it('orders the gallery cover first, each file once, missing files left out', () => {
    const [a, b, c, d] = [file('a'), file('b'), file('c'), file('d')];
    expect(
      galleryFiles({ coverImageFile: b, exteriorFiles: [a, b, null], interiorFiles: [c], mechanicalFiles: [null, d] }).map((f) => f.id),
    ).toEqual(['b', 'a', 'c', 'd']);
    expect(galleryFiles({ coverImageFile: null, exteriorFiles: [], interiorFiles: null })).toEqual([]);
  });

  it('gives the wizard each saved id with its thumbnail, or the fallback when the file is missing', () => {
    expect(savedImages(['a', 'x'], [full, null], '/default.png')).toEqual([
      { id: 'a', preview: '/uploads/trackside/a/thumbnail.jpg' },
      { id: 'x', preview: '/default.png' },
    ]);
  });
});
