import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { checkImage, headerDimensions, MAX_IMAGE_PIXELS, processImage } from './image-files';

const solid = (width: number, height: number) => sharp({ create: { width, height, channels: 3, background: { r: 1, g: 2, b: 3 } } });

describe('image header checks (issue 18, M4)', () => {
  it('reads PNG and JPEG (baseline and progressive) sizes from the header', async () => {
    expect(headerDimensions(await solid(640, 480).png().toBuffer(), 'png')).toEqual({ width: 640, height: 480 });
    const exif = await solid(321, 123).jpeg().withMetadata({ orientation: 6 }).toBuffer();
    expect(headerDimensions(exif, 'jpeg')).toEqual({ width: 321, height: 123 });
    expect(headerDimensions(await solid(50, 70).jpeg({ progressive: true }).toBuffer(), 'jpeg')).toEqual({ width: 50, height: 70 });
    expect(headerDimensions(Buffer.from([0xff, 0xd8, 0xff, 0xd9]), 'jpeg')).toBeNull();
  });

  it('refuses more than MAX_IMAGE_PIXELS before decoding', async () => {
    const png = await solid(5001, 5000).png().toBuffer();
    expect(5001 * 5000).toBeGreaterThan(MAX_IMAGE_PIXELS);
    expect(checkImage('big.png', png)).toMatchObject({ ok: false, code: 'upload.dimensions.exceeded' });
    expect(checkImage('fine.png', await solid(5000, 5000).png().toBuffer())).toMatchObject({ ok: true });
  });

  it('makes every format from one decode of the original, sizes as before', async () => {
    const processed = await processImage(await solid(1600, 1200).jpeg().toBuffer(), 'jpeg');
    expect(processed.formats.map((format) => [format.name, format.width, format.height])).toEqual([
      ['thumbnail', 208, 156],
      ['small', 500, 375],
      ['medium', 750, 563],
      ['large', 1000, 750],
    ]);
  });
});
