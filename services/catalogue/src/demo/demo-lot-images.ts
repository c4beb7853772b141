import type { INestApplication } from '@nestjs/common';
import sharp from 'sharp';
import { NO_PERMISSIONS, type AuthUser } from '@trackside/platform';
import { UploadsService } from '../uploads/uploads.service';
import { demoId } from './demo-ids';

/**
 * Demo lot photos (issue 24 item 12): illustrations drawn here and rendered with sharp, never
 * downloaded pictures. They are stored as real uploads of the brand's demo seller with stable ids
 * (`demoId(brand, 'lot-image', n)`), which the auction demo seed derives the same way to use them
 * as the lots' exterior image and cover. Small on purpose: every fresh start renders them.
 */
export const DEMO_LOT_IMAGE_COUNT = 6;
const WIDTH = 960;
const HEIGHT = 600;
const PAINT = ['#b3122e', '#1d4ed8', '#f59e0b', '#0f766e', '#111827', '#e5e7eb'];
const SKIES: Array<[string, string]> = [
  ['#fde68a', '#f97316'],
  ['#bae6fd', '#e0f2fe'],
  ['#c7d2fe', '#f5f3ff'],
  ['#a7f3d0', '#ecfeff'],
  ['#fbcfe8', '#fff1f2'],
  ['#94a3b8', '#e2e8f0'],
];

export function demoLotImageId(brand: string, index: number): string {
  return demoId(brand, 'lot-image', String(index % DEMO_LOT_IMAGE_COUNT));
}

function backdrop(index: number): string {
  const [top, bottom] = SKIES[index % SKIES.length]!;
  return `<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${top}"/><stop offset="1" stop-color="${bottom}"/></linearGradient></defs>
  <rect width="${WIDTH}" height="${HEIGHT}" fill="url(#sky)"/>`;
}

/** A sports car in profile on a track: body, glasshouse, wheels, a racing stripe. */
function carSvg(index: number): string {
  const paint = PAINT[index % PAINT.length]!;
  const stripe = paint === '#e5e7eb' ? '#1d4ed8' : '#f8fafc';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">${backdrop(index)}
  <rect y="430" width="${WIDTH}" height="170" fill="#374151"/>
  <rect y="505" width="${WIDTH}" height="10" fill="#f8fafc" opacity="0.7"/>
  <path d="M120 420 L150 350 Q170 330 220 325 L360 315 Q420 250 520 248 Q610 248 680 310 L800 330 Q850 340 855 380 L860 420 Z" fill="${paint}"/>
  <path d="M390 315 Q440 268 520 266 Q590 266 640 312 Z" fill="#0f172a" opacity="0.75"/>
  <rect x="150" y="365" width="700" height="12" fill="${stripe}" opacity="0.85"/>
  <circle cx="260" cy="425" r="58" fill="#111827"/><circle cx="260" cy="425" r="30" fill="#9ca3af"/>
  <circle cx="720" cy="425" r="58" fill="#111827"/><circle cx="720" cy="425" r="30" fill="#9ca3af"/>
  <rect x="820" y="350" width="34" height="14" rx="4" fill="#fde047"/>
</svg>`;
}

/** A ring with a cut stone for the jewelry brand. */
function ringSvg(index: number): string {
  const stone = PAINT[index % PAINT.length]!;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">${backdrop(index)}
  <ellipse cx="480" cy="520" rx="260" ry="30" fill="#000" opacity="0.12"/>
  <circle cx="480" cy="360" r="140" fill="none" stroke="#d4af37" stroke-width="34"/>
  <circle cx="480" cy="360" r="140" fill="none" stroke="#fff7d6" stroke-width="6" opacity="0.6"/>
  <path d="M420 215 L450 170 L510 170 L540 215 L480 260 Z" fill="${stone}" stroke="#f8fafc" stroke-width="4"/>
  <path d="M450 170 L480 215 L510 170 M420 215 L540 215" stroke="#f8fafc" stroke-width="3" fill="none" opacity="0.8"/>
</svg>`;
}

export function renderDemoLotImage(index: number, jewelry: boolean): Promise<Buffer> {
  return sharp(Buffer.from(jewelry ? ringSvg(index) : carSvg(index)))
    .jpeg({ quality: 80 })
    .toBuffer();
}

/** Stores the brand's demo lot images as uploads of its demo seller (a fresh brand only: the caller seeds once). */
export async function seedDemoLotImages(app: INestApplication, brand: string, jewelry: boolean): Promise<number> {
  const seller: AuthUser = {
    id: demoId(brand, 'seller'),
    brand,
    email: `seller@${brand}.demo`,
    username: 'seller',
    confirmed: true,
    permissions: NO_PERMISSIONS,
  };
  const indexes = Array.from({ length: DEMO_LOT_IMAGE_COUNT }, (_, index) => index);
  const files = await Promise.all(
    indexes.map(async (index) => ({ name: `demo-lot-${index}.jpg`, buffer: await renderDemoLotImage(index, jewelry) })),
  );
  await app.get(UploadsService).upload(brand, seller, files, [], { ids: indexes.map((index) => demoLotImageId(brand, index)) });
  return files.length;
}
