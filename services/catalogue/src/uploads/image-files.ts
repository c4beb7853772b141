import sharp from 'sharp';

/** Spec 000/002 section 9: jpg, jpeg and png only, at most 5 Mb (5,242,880 bytes) each; batches of 15. */
export const MAX_IMAGE_BYTES = 5_242_880;
export const MAX_FILES_PER_BATCH = 15;
export const IMAGE_EXTENSIONS = ['jpg', 'jpeg', 'png'] as const;
export const UPLOAD_MESSAGES = {
  tooLarge: 'Image size cannot exceed 5 Mb.',
  wrongType: 'Only .jpg, .jpeg and .png images can be uploaded.',
  notAnImage: 'The file is not a valid .jpg, .jpeg or .png image.',
  tooMany: (limit: number): string => `You can only upload a maximum of ${limit} images`,
  noFile: 'No file was uploaded.',
} as const;

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
  return { ok: true, kind, ext };
}

export interface ProcessedImage {
  width: number;
  height: number;
  formats: Array<{ name: string; buffer: Buffer; width: number; height: number }>;
}

/** Decodes the image (a corrupt file fails here) and makes the smaller formats with sharp. */
export async function processImage(buffer: Buffer, kind: ImageKind): Promise<ProcessedImage> {
  const image = sharp(buffer, { failOn: 'error', limitInputPixels: 40_000_000 });
  const metadata = await image.metadata();
  if (!metadata.width || !metadata.height || (metadata.format !== 'jpeg' && metadata.format !== 'png'))
    throw new Error('not a decodable image');
  // Decode fully once so a truncated file is refused rather than stored.
  await sharp(buffer, { failOn: 'error' }).stats();
  const formats: ProcessedImage['formats'] = [];
  for (const format of IMAGE_FORMATS) {
    if (metadata.width <= format.width && metadata.height <= format.height) continue;
    const resized = sharp(buffer).rotate().resize({ width: format.width, height: format.height, fit: 'inside', withoutEnlargement: true });
    const output = await (kind === 'png' ? resized.png() : resized.jpeg({ quality: 82 })).toBuffer({ resolveWithObject: true });
    formats.push({ name: format.name, buffer: output.data, width: output.info.width, height: output.info.height });
  }
  return { width: metadata.width, height: metadata.height, formats };
}
