import { createHash } from 'node:crypto';
import type { INestApplication } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { CLOCK, type Clock } from '@trackside/platform';
import { PasswordHasher } from '../infrastructure/password-hasher';
import { UserEntity } from '../persistence';

/** The demo brands (the second is the jewelry variant of spec 000 section 1). */
export const DEMO_BRANDS = ['trackside', 'jewelry'] as const;

/** Every demo account's password (development and demos only; documented in the README). */
export const DEMO_PASSWORD = 'Trackside!2025';

export type DemoRole = 'staff' | 'seller' | 'bidder1' | 'bidder2' | 'bidder3';

const ROLES: Array<{ role: DemoRole; firstName: string; lastName: string; staff: boolean }> = [
  { role: 'staff', firstName: 'Sam', lastName: 'Staff', staff: true },
  { role: 'seller', firstName: 'Sally', lastName: 'Seller', staff: false },
  { role: 'bidder1', firstName: 'Ben', lastName: 'Bidder', staff: false },
  { role: 'bidder2', firstName: 'Bea', lastName: 'Bidder', staff: false },
  // The auction demo seed bids with a third bidder too; giving it an account keeps its bids' users real.
  { role: 'bidder3', firstName: 'Bo', lastName: 'Bidder', staff: false },
];

/**
 * Stable ids per brand and role. The same derivation as the auction service's demo seed
 * (services/auction/src/demo/demo-seed.ts `demoUserId`), so the demo lots' sellers and bidders are
 * these accounts.
 */
export function demoUserId(brand: string, role: string): string {
  const hex = createHash('sha1').update(`trackside-demo:${brand}:${role}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

export function demoEmail(brand: string, role: DemoRole): string {
  return `${role}@${brand}.demo`;
}

/**
 * Demo accounts per brand: a staff user with every permission, a seller and bidders, all confirmed,
 * with DEMO_PASSWORD. Existing accounts are left as they are (a changed password survives restarts).
 */
export async function seedDemoUsers(
  app: INestApplication,
  options: { brands?: readonly string[]; password?: string; log?: (line: string) => void } = {},
): Promise<{ created: number; summary: string }> {
  const db = app.get(DataSource);
  const hasher = app.get(PasswordHasher);
  const clock = app.get<Clock>(CLOCK);
  const brands = options.brands ?? DEMO_BRANDS;
  const passwordHash = await hasher.hash(options.password ?? DEMO_PASSWORD);
  const now = clock.now();
  let created = 0;
  for (const brand of brands) {
    for (const spec of ROLES) {
      const result = await db
        .createQueryBuilder()
        .insert()
        .into(UserEntity)
        .values({
          id: demoUserId(brand, spec.role),
          brand,
          email: demoEmail(brand, spec.role),
          username: spec.role,
          usernameKey: spec.role,
          passwordHash,
          provider: 'local',
          confirmed: true,
          blocked: false,
          role: 'authenticated',
          firstName: spec.firstName,
          lastName: spec.lastName,
          phone: null,
          bio: null,
          website: null,
          address: {},
          socialLinks: {},
          avatar: null,
          permSuperAdmin: spec.staff,
          permManageUsers: spec.staff,
          permAuctionEnabled: spec.staff,
          permWebsiteEnabled: spec.staff,
          permManageHomepage: spec.staff,
          permWebsiteTheme: spec.staff,
          createdAt: now,
          updatedAt: now,
        })
        .orIgnore()
        .returning('id')
        .execute();
      const inserted = (result.raw as unknown[] | undefined)?.length ?? 0;
      created += inserted;
    }
    options.log?.(`${brand}: demo users ${ROLES.map((spec) => demoEmail(brand, spec.role)).join(', ')}`);
  }
  return {
    created,
    summary:
      created > 0
        ? `Seeded ${created} demo users across ${brands.length} brands (password ${options.password ? '(custom)' : DEMO_PASSWORD}).`
        : 'Demo users already present.',
  };
}
