import { LotScheduler } from '../scheduler/lot-scheduler';
import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { INestApplication } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import {
  CLOCK,
  type Clock,
  NO_PERMISSIONS,
  PLATFORM_SETTINGS,
  signAccessToken,
  type AuthUser,
  type PlatformSettings,
} from '@trackside/platform';
import { uploadStreamId } from '@trackside/contracts';
import { EventStoreProvider } from '../infrastructure/event-store.provider';
import type { CommandContext } from '../lots/lot-commands.service';
import { CreateLotCommand, EndLotCommand, PlaceBidCommand, StaffLotCommand, StartLotCommand } from '../lots/lot-commands';
import type { AuctionInput } from '../lots/lot-inputs';
import { DEMO_BRANDS, type DemoBrand, type DemoLot } from './demo-catalogue';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Stable ids per brand and role, so tokens can be minted again on every start. */
export function demoUserId(brand: string, role: string): string {
  const hex = createHash('sha1').update(`trackside-demo:${brand}:${role}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

function demoUser(brand: string, role: string, staff = false): AuthUser {
  return {
    id: demoUserId(brand, role),
    brand,
    email: `${role}@${brand}.demo`,
    username: `${role}`,
    confirmed: true,
    // The same permissions identity's demo staff account has (every flag), so the printed staff
    // token can use the whole back office (user management and the email outbox included).
    permissions: staff
      ? {
          superAdmin: true,
          manageUsers: true,
          auctionEnabled: true,
          websiteEnabled: true,
          manageHomepage: true,
          websiteTheme: true,
        }
      : NO_PERMISSIONS,
  };
}

const ROLES = ['seller', 'bidder1', 'bidder2', 'bidder3', 'staff'] as const;

/**
 * Demo data on first start: two brands (one the jewelry variant), a seller, bidders and staff per
 * brand, and a dozen lots per brand in every status. Live lots end at staggered times within the
 * first hour. History is written as history: commands carry the past instants they happened at.
 */
export async function seedDemoData(
  app: INestApplication,
  options: { dataDir: string; log: (line: string) => void },
): Promise<{ summary: string; seeded: boolean }> {
  // The same commands on the same bus as the API's (docs/decisions.md "Commands on the CommandBus").
  const commands = app.get(CommandBus);
  const events = app.get(EventStoreProvider);
  const clock = app.get<Clock>(CLOCK);
  const platform = app.get<PlatformSettings>(PLATFORM_SETTINGS);

  const tokens: Record<string, Record<string, string>> = {};
  for (const brand of DEMO_BRANDS) {
    tokens[brand.brand] = {};
    for (const role of ROLES)
      tokens[brand.brand]![role] = signAccessToken(
        demoUser(brand.brand, role, role === 'staff'),
        platform.jwtSecret,
        platform.jwtExpiresInSeconds,
      );
  }
  mkdirSync(options.dataDir, { recursive: true });
  const tokenFile = join(options.dataDir, 'demo-tokens.json');
  writeFileSync(tokenFile, `${JSON.stringify(tokens, null, 2)}\n`, { mode: 0o600 });

  const marker = await events.store.readStream('demo-seed');
  if (marker.length > 0) return { seeded: false, summary: `Demo data already present. Demo tokens: ${tokenFile}` };
  const resumeScheduler = await app.get(LotScheduler).pause();
  try {
    return await seedAll();
  } finally {
    resumeScheduler();
  }

  async function seedAll(): Promise<{ summary: string; seeded: boolean }> {
    const now = clock.now();
    let created = 0;
    for (const brand of DEMO_BRANDS)
      created += await seedBrand(commands, brand, now, options.log, await demoLotImages(events, brand.brand));
    await events.store.append(
      'demo-seed',
      [{ type: 'DemoDataSeeded', data: { lots: created }, metadata: { brand: 'system', occurredAt: now.toISOString() } }],
      { expectedVersion: 'no_stream' },
    );
    return { seeded: true, summary: `Seeded ${created} demo lots across ${DEMO_BRANDS.length} brands. Demo tokens: ${tokenFile}` };
  }
}

async function seedBrand(
  commands: CommandBus,
  brand: DemoBrand,
  now: Date,
  log: (line: string) => void,
  images: readonly string[],
): Promise<number> {
  const seller = demoUser(brand.brand, 'seller');
  const staff = demoUser(brand.brand, 'staff', true);
  const bidders = [demoUser(brand.brand, 'bidder1'), demoUser(brand.brand, 'bidder2'), demoUser(brand.brand, 'bidder3')];
  const as = (actor: AuthUser, at: Date): CommandContext => ({ brand: brand.brand, actor, now: at, correlationId: 'demo-seed' });
  const days = 7;
  let count = 0;

  const create = async (lot: DemoLot, at: Date): Promise<string> => {
    count += 1;
    const image = images.length ? images[brand.lots.indexOf(lot) % images.length]! : null;
    return commands.execute(new CreateLotCommand(lotInput(lot, seller, image), as(seller, at)));
  };
  // Demo lots have no paid package (UNPAID): the seed approves them with the staff confirmation.
  /** Approve, schedule so the lot ends at `end`, open it, and place the lot's bids before `until`. */
  const runToLive = async (lot: DemoLot, end: Date, until: Date): Promise<string> => {
    const start = new Date(end.getTime() - days * DAY);
    const createdAt = new Date(start.getTime() - 2 * HOUR);
    const id = await create(lot, createdAt);
    await commands.execute(
      new StaffLotCommand(id, { kind: 'approve', confirmUnpaid: true }, as(staff, new Date(createdAt.getTime() + 30 * MINUTE))),
    );
    await commands.execute(new StaffLotCommand(id, { kind: 'schedule', start, end }, as(staff, new Date(createdAt.getTime() + HOUR))));
    await commands.execute(new StartLotCommand(id, brand.brand, start));
    const bids = lot.bids ?? [];
    const span = Math.max(1, until.getTime() - start.getTime() - 10 * MINUTE);
    for (const [index, amount] of bids.entries()) {
      const at = new Date(start.getTime() + Math.floor(((index + 1) / (bids.length + 1)) * span));
      await commands.execute(new PlaceBidCommand({ lotId: id, amount }, as(bidders[index % bidders.length]!, at)));
    }
    return id;
  };

  const [pending, approved, scheduled, live, ended] = [
    brand.lots.slice(0, 2),
    brand.lots.slice(2, 4),
    brand.lots.slice(4, 6),
    brand.lots.slice(6, 11),
    brand.lots.slice(11),
  ];
  for (const lot of pending) await create(lot, new Date(now.getTime() - HOUR));
  for (const lot of approved) {
    const id = await create(lot, new Date(now.getTime() - 3 * HOUR));
    await commands.execute(
      new StaffLotCommand(id, { kind: 'approve', confirmUnpaid: true }, as(staff, new Date(now.getTime() - 2 * HOUR))),
    );
  }
  for (const [index, lot] of scheduled.entries()) {
    const at = new Date(now.getTime() - HOUR);
    const id = await create(lot, at);
    await commands.execute(new StaffLotCommand(id, { kind: 'approve', confirmUnpaid: true }, as(staff, at)));
    const start = new Date(now.getTime() + (index === 0 ? 10 * MINUTE : DAY));
    await commands.execute(
      new StaffLotCommand(id, { kind: 'schedule', start, end: new Date(start.getTime() + days * DAY) }, as(staff, at)),
    );
  }
  const endsInMinutes = [5, 15, 25, 40, 55];
  for (const [index, lot] of live.entries()) await runToLive(lot, new Date(now.getTime() + (endsInMinutes[index] ?? 30) * MINUTE), now);
  for (const [index, lot] of ended.entries()) {
    const end = new Date(now.getTime() - (index + 1) * DAY);
    const id = await runToLive(lot, end, end);
    await commands.execute(new EndLotCommand(id, brand.brand, end));
  }
  log(
    `${brand.brand}: ${count} lots (2 pending, 2 approved, 2 scheduled, 5 live ending within the hour, ended ones sold and reserve not met)`,
  );
  return count;
}

/**
 * The demo lot photos the catalogue's demo seed stored as the seller's uploads (issue 24 item 12:
 * generated illustrations, services/catalogue/src/demo/demo-lot-images.ts), by the same stable ids;
 * only those whose upload is in the log (a catalogue not seeded yet leaves the lots without photos).
 */
const DEMO_LOT_IMAGE_COUNT = 6;
async function demoLotImages(events: EventStoreProvider, brand: string): Promise<string[]> {
  const ids = Array.from({ length: DEMO_LOT_IMAGE_COUNT }, (_, index) => demoUserId(brand, `lot-image:${index}`));
  const stored = await Promise.all(ids.map(async (id) => (await events.store.readStream(uploadStreamId(id))).length > 0));
  return ids.filter((_, index) => stored[index]);
}

function lotInput(lot: DemoLot, seller: AuthUser, image: string | null): AuctionInput {
  return {
    title: lot.title,
    ...(image ? { exterior: [image], coverImage: image } : {}),
    sellerType: lot.sellerType,
    description: lot.description,
    userDescription: lot.description,
    excerpt: lot.description.slice(0, 120),
    reserve: lot.reserve ?? 0,
    currency: 'USD',
    dataFields: Object.fromEntries(
      Object.entries(lot.fields).map(([name, value], order) => [
        name,
        { label: name[0]!.toUpperCase() + name.slice(1), value, hidden: false, order },
      ]),
    ),
    address: { country: lot.country, state: lot.state ?? null, city: lot.city ?? null },
    contactInfo: { name: seller.username, email: seller.email, phone: null },
    hasAgreedToTerms: true,
    packageId: 'demo-package',
    paymentType: null,
    templateType: null,
    serviceSnappr: false,
  };
}
