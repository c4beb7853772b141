import { describe, expect, it } from 'vitest';
import { directoryChangeRows, type DirectoryChangeValues } from './directory-change';

const approved: DirectoryChangeValues = {
  name: 'Apex Garage',
  keywords: ['restoration', 'classics'],
  website: 'https://apex.example',
  socialLinks: { instagram: 'https://instagram.example/apex', facebook: null },
  videoURL: null,
  image: { url: '/uploads/old.jpg', name: 'old.jpg' },
};

describe('a directory change awaiting review, as staff read it', () => {
  it('lists each changed field with the approved value and the new one, in form order', () => {
    const rows = directoryChangeRows(approved, {
      requestedAt: '2026-11-26T10:00:00.000Z',
      keywords: ['restoration'],
      name: 'Apex Classic Garage',
      videoURL: 'https://video.example/apex',
      image: { id: '9', url: '/uploads/new.jpg', name: 'new.jpg' },
    });
    expect(rows).toEqual([
      { field: 'Name', from: 'Apex Garage', to: 'Apex Classic Garage' },
      { field: 'Keywords', from: 'restoration, classics', to: 'restoration' },
      { field: 'Video', from: '(none)', to: 'https://video.example/apex' },
      { field: 'Image', from: 'old.jpg', to: 'new.jpg' },
    ]);
  });

  it('words links and removals, and shows nothing when no change waits', () => {
    expect(directoryChangeRows(approved, { socialLinks: { facebook: 'https://facebook.example/apex' }, website: null })).toEqual([
      { field: 'Website', from: 'https://apex.example', to: '(none)' },
      { field: 'Social links', from: 'instagram: https://instagram.example/apex', to: 'facebook: https://facebook.example/apex' },
    ]);
    expect(directoryChangeRows(approved, null)).toEqual([]);
  });
});
