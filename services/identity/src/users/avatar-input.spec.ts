import { describe, expect, it } from 'vitest';
import { checkAvatar } from './avatar-input';

const UPLOAD = {
  id: '6f1b3a52-1c7e-4f43-9f6e-1d2a3b4c5d6e',
  brand: 'trackside',
  url: '/uploads/grace.png',
  name: 'grace.png',
  mime: 'image/png',
  alternativeText: null,
  caption: null,
  formats: {
    thumbnail: {
      url: '/uploads/thumbnail_grace.png',
      width: 156,
      height: 156,
      size: 12.5,
      mime: 'image/png',
      ext: '.png',
      name: 'thumbnail_grace.png',
    },
  },
};

describe('avatar input (issue 18, L10)', () => {
  it('keeps the upload answer as it is', () => {
    expect(checkAvatar(UPLOAD)).toEqual({ ok: true, avatar: UPLOAD });
    expect(checkAvatar({ url: 'https://cdn.example.test/a.png' })).toEqual({ ok: true, avatar: { url: 'https://cdn.example.test/a.png' } });
  });

  it('probe: refuses a javascript: url, also inside formats', () => {
    expect(checkAvatar({ url: 'javascript:alert(1)' })).toMatchObject({ ok: false });
    expect(checkAvatar({ ...UPLOAD, formats: { small: { url: 'javascript:alert(1)' } } })).toMatchObject({ ok: false });
    expect(checkAvatar({ url: 'mailto:a@example.test' })).toMatchObject({ ok: false });
  });

  it('probe: refuses arbitrary JSON beside the file fields', () => {
    expect(checkAvatar({ url: '/uploads/a.png', onload: 'alert(1)' })).toEqual({
      ok: false,
      message: 'avatar has an unknown field: onload.',
    });
    expect(checkAvatar({ url: '/uploads/a.png', name: { nested: true } })).toMatchObject({ ok: false });
    expect(checkAvatar({ ...UPLOAD, formats: { huge: { url: '/uploads/a.png' } } })).toMatchObject({ ok: false });
    expect(checkAvatar({ ...UPLOAD, formats: { small: { url: '/uploads/a.png', script: 'x' } } })).toMatchObject({ ok: false });
    expect(checkAvatar(['/uploads/a.png'])).toMatchObject({ ok: false });
  });
});
