import sharp from 'sharp';
import type { Session } from './browser';
import type { RunningSystem } from './system';

/** The password of every demo user (`<role>@<brand>.demo`, see the demo seeds under services/*\/src/demo). */
export const DEMO_PASSWORD = 'Trackside!2025';

/** Signs a demo user of the brand (trackside unless told) in through loginUser: the JWT and the user id. */
export async function login(system: RunningSystem, email: string, brand?: string): Promise<Session> {
  const answer = await system.graphql<{ loginUser: { jwt: string; user: { id: string } } }>(
    'mutation($e: String, $p: String) { loginUser(email: $e, password: $p) { jwt user { id } } }',
    { e: email, p: DEMO_PASSWORD },
    { brand },
  );
  return { jwt: answer.loginUser.jwt, id: answer.loginUser.user.id };
}

/** A PNG of one colour (64×48 unless told). */
export async function solidPng(colour: string, width = 64, height = 48): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: colour } })
    .png()
    .toBuffer();
}

/** Uploads a PNG through POST /upload for the trackside brand as the token's user: the stored file's id. */
export async function uploadPng(system: RunningSystem, token: string, png: Buffer, name: string): Promise<string> {
  const form = new FormData();
  form.append('files', new Blob([new Uint8Array(png)], { type: 'image/png' }), name);
  const response = await fetch(`${system.url}/upload`, {
    method: 'POST',
    headers: { 'x-brand': 'trackside', authorization: `Bearer ${token}` },
    body: form,
  });
  const [file] = (await response.json()) as Array<{ id: string }>;
  if (!file) throw new Error(`the upload of ${name} answered ${response.status} without a file`);
  return file.id;
}

/** The id of the enabled listing package with this title (Starter, Standard, ...). */
export async function listingPackageId(system: RunningSystem, title: string): Promise<string> {
  const data = await system.graphql<{ pricingPackages: Array<{ id: string; title: string }> }>(
    '{ pricingPackages(where: { enabled: true, type: "LISTING" }) { id title } }',
  );
  const found = data.pricingPackages.find((entry) => entry.title === title);
  if (!found) throw new Error(`no listing package '${title}' among ${data.pricingPackages.map((entry) => entry.title).join(', ')}`);
  return found.id;
}

/** The id of the brand's enabled auction package (the demo data has one): lots may only name such a package. */
export async function auctionPackageId(system: RunningSystem, brand = 'trackside'): Promise<string> {
  const data = await system.graphql<{ pricingPackages: Array<{ id: string }> }>(
    '{ pricingPackages(where: { enabled: true, type: "AUCTION" }) { id } }',
    {},
    { brand },
  );
  if (!data.pricingPackages[0]) throw new Error(`${brand} has no enabled auction package`);
  return data.pricingPackages[0].id;
}
