import { UPLOAD_MESSAGES } from '@trackside/contracts';
import sharp from 'sharp';

/** Spec 000/002 section 9: jpg, jpeg and png only, at most 5 Mb (5,242,880 bytes) each; batches of 15. */
export const MAX_IMAGE_BYTES = 5_242_880;
export const MAX_FILES_PER_BATCH = 15;
export const IMAGE_EXTENSIONS = ['jpg', 'jpeg', 'png'] as const;
// The upload refusals live in the catalogue's messages (libs/contracts); re-exported for this folder's files.
export { UPLOAD_MESSAGES };

/**
 * The most pixels an upload may decode to (issue 18, M4: a 154 KB 6300×6300 PNG cost 6.6 s of CPU).
 * 25 megapixels holds a 6000×4000 camera photo; the formats made from it are at most 1000 pixels wide.
 * Checked from the file's header before any decoding, and given to every sharp call as limitInputPixels.
 */
export const MAX_IMAGE_PIXELS = 25_000_000;
const SHARP_INPUT = { failOn: 'error', limitInputPixels: MAX_IMAGE_PIXELS } as const;

/** Strapi's breakpoints: formats are made only when the original is larger. */
export const IMAGE_FORMATS: ReadonlyArray<{ name: 'thumbnail' | 'small' | 'medium' | 'large'; width: number; height: number }> = [
  { name: 'thumbnail', width: 245, height: 156 },
  { name: 'small', width: 500, height: 500 },
  { name: 'medium', width: 750, height: 750 },
  { name: 'large', width: 1000, height: 1000 },
];

export type ImageKind = 'jpeg' | 'png';

/** The image type from the file's first bytes (its name can lie). */
export function sniffImage(buffer: Buffer): ImageKind | null {
  if (buffer.length >= 3 && buffer[0] === 0xff && buffer[1] === 0xd8 && buffer[2] === 0xff) return 'jpeg';
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (buffer.length >= 8 && png.every((byte, index) => buffer[index] === byte)) return 'png';
  return null;
}

export function extensionOf(name: string): string {
  const match = /\.([A-Za-z0-9]+)$/.exec(name);
  return match ? match[1]!.toLowerCase() : '';
}

export type ImageCheck = { ok: true; kind: ImageKind; ext: string } | { ok: false; message: string; code: string };

/** Name, size and content checks, in that order; the content must be the kind the name says. */
export function checkImage(name: string, buffer: Buffer): ImageCheck {
  const ext = extensionOf(name);
  if (!(IMAGE_EXTENSIONS as readonly string[]).includes(ext))
    return { ok: false, message: UPLOAD_MESSAGES.wrongType, code: 'upload.type.invalid' };
  if (buffer.length > MAX_IMAGE_BYTES) return { ok: false, message: UPLOAD_MESSAGES.tooLarge, code: 'upload.size.exceeded' };
  const kind = sniffImage(buffer);
  const expected: ImageKind = ext === 'png' ? 'png' : 'jpeg';
  if (kind !== expected) return { ok: false, message: UPLOAD_MESSAGES.notAnImage, code: 'upload.content.invalid' };
  const size = headerDimensions(buffer, kind);
  if (!size || size.width === 0 || size.height === 0)
    return { ok: false, message: UPLOAD_MESSAGES.notAnImage, code: 'upload.content.invalid' };
  if (size.width * size.height > MAX_IMAGE_PIXELS)
    return { ok: false, message: UPLOAD_MESSAGES.tooManyPixels, code: 'upload.dimensions.exceeded' };
  return { ok: true, kind, ext };
}

/** JPEG start-of-frame markers (baseline, progressive, lossless, arithmetic), which carry the size. */
const JPEG_SOF = new Set([0xc0, 0xc1, 0xc2, 0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf]);

/** The image's width and height read from its header (PNG IHDR, JPEG SOF), without decoding any pixel. */
export function headerDimensions(buffer: Buffer, kind: ImageKind): { width: number; height: number } | null {
  if (kind === 'png') {
    if (buffer.length < 24 || buffer.toString('latin1', 12, 16) !== 'IHDR') return null;
    return { width: buffer.readUInt32BE(16), height: buffer.readUInt32BE(20) };
  }
  let offset = 2;
  while (offset + 4 <= buffer.length) {
    if (buffer[offset] !== 0xff) return null;
    const marker = buffer[offset + 1]!;
    if (marker === 0xff) {
      offset += 1; // fill byte
      continue;
    }
    if (marker === 0xd9 || marker === 0xda) return null; // end of image or scan data before any frame header
    const length = buffer.readUInt16BE(offset + 2);
    if (JPEG_SOF.has(marker)) {
      if (offset + 9 > buffer.length) return null;
      return { width: buffer.readUInt16BE(offset + 7), height: buffer.readUInt16BE(offset + 5) };
    }
    offset += 2 + length;
  }
  return null;
}

export interface ProcessedImage {
  width: number;
  height: number;
  formats: Array<{ name: string; buffer: Buffer; width: number; height: number }>;
}

/**
 * Decodes the image (a corrupt or truncated file fails here) and makes the smaller formats with sharp.
 * Each format is made from the next larger one, so the original is decoded once however many formats
 * it needs. Callers run this through the image work queue (image-work-queue.ts).
 */
export async function processImage(buffer: Buffer, kind: ImageKind): Promise<ProcessedImage> {
  const metadata = await sharp(buffer, SHARP_INPUT).metadata();
  if (!metadata.width || !metadata.height || (metadata.format !== 'jpeg' && metadata.format !== 'png'))
    throw new Error('not a decodable image');
  if (metadata.width * metadata.height > MAX_IMAGE_PIXELS) throw new Error('too many pixels');
  const needed = IMAGE_FORMATS.filter((format) => metadata.width! > format.width || metadata.height! > format.height);
  // Nothing to resize: decode fully once anyway so a truncated file is refused rather than stored.
  if (needed.length === 0) await sharp(buffer, SHARP_INPUT).stats();
  const formats: ProcessedImage['formats'] = [];
  let source = buffer;
  let rotate = true;
  for (const format of [...needed].reverse()) {
    const pipeline = sharp(source, SHARP_INPUT);
    const resized = (rotate ? pipeline.rotate() : pipeline).resize({
      width: format.width,
      height: format.height,
      fit: 'inside',
      withoutEnlargement: true,
    });
    const output = await (kind === 'png' ? resized.png() : resized.jpeg({ quality: 82 })).toBuffer({ resolveWithObject: true });
    formats.unshift({ name: format.name, buffer: output.data, width: output.info.width, height: output.info.height });
    source = output.data;
    rotate = false; // the output is already upright and carries no orientation tag
  }
  return { width: metadata.width, height: metadata.height, formats };
}
