import { describe, expect, it } from 'vitest';
import { moveImage } from '../auctions/wizard/wizard-rules';
import { coverFirst, listingImageOrder, listingImagesFrom } from './listing-images';

const file = (name: string) => ({ name }) as unknown as File;

describe('listing images (the first image is the cover)', () => {
  it('opens saved images in their order with the first as cover', () => {
    expect(
      listingImagesFrom([
        { id: 'a', url: '/a.png' },
        { id: 'b', url: '/b.png' },
      ]),
    ).toEqual({
      images: [
        { key: 'a', id: 'a', preview: '/a.png' },
        { key: 'b', id: 'b', preview: '/b.png' },
      ],
      cover: 0,
    });
  });

  it('a drag keeps its order and makes the new first image the cover', () => {
    const value = listingImagesFrom([
      { id: 'a', url: '' },
      { id: 'b', url: '' },
      { id: 'c', url: '' },
    ]);
    const dragged = moveImage(value.images, value.cover, 2, 0); // the uploader keeps the old cover marked (now at 1)
    const next = coverFirst(value, { images: dragged.items, cover: dragged.cover });
    expect(next.images.map((image) => image.id)).toEqual(['c', 'a', 'b']);
    expect(next.cover).toBe(0);
  });

  it('choosing another cover moves that image to the front', () => {
    const value = listingImagesFrom([
      { id: 'a', url: '' },
      { id: 'b', url: '' },
      { id: 'c', url: '' },
    ]);
    const next = coverFirst(value, { images: value.images, cover: 2 });
    expect(next.images.map((image) => image.id)).toEqual(['c', 'a', 'b']);
    expect(next.cover).toBe(0);
  });

  it('saves kept ids and uploaded ids in the shown order', () => {
    const images = [
      { key: 'n1', file: file('new1.png'), preview: 'blob:1' },
      { key: 'a', id: 'a', preview: '/a.png' },
      { key: 'n2', file: file('new2.png'), preview: 'blob:2' },
    ];
    expect(listingImageOrder(images, ['u1', 'u2'])).toEqual(['u1', 'a', 'u2']);
    expect(() => listingImageOrder(images, ['u1'])).toThrow();
  });
});
