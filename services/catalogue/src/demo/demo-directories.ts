import type { DataSource } from 'typeorm';
import { DirectoryEntity, type DirectoryStatusValue } from '../persistence';
import { DIRECTORY_CATEGORIES } from '../directory/directory.rules';
import { demoId } from './demo-ids';

const PLACES: Array<[string, string, string]> = [
  ['Monterey', 'CA', 'US'],
  ['Daytona Beach', 'FL', 'US'],
  ['Austin', 'TX', 'US'],
  ['Watkins Glen', 'NY', 'US'],
  ['Elkhart Lake', 'WI', 'US'],
  ['Sonoma', 'CA', 'US'],
  ['Indianapolis', 'IN', 'US'],
  ['Lime Rock', 'CT', 'US'],
  ['Road Atlanta', 'GA', 'US'],
  ['Toronto', 'ON', 'CA'],
];

const NAMES: Record<string, string[]> = {
  RACETRACK: ['Laguna Ridge Raceway', 'Bayshore Motor Park'],
  RESTORATION: ['Heritage Coachworks', 'Patina Restorations'],
  STORAGE: ['Paddock Vault Storage', 'Climate Garage Co'],
  TRANSPORTATION: ['Enclosed Haulers', 'Pit Lane Transport'],
  ENGINEERS: ['Apex Race Engineering', 'Torque Lab'],
  PARTS: ['Grid Parts Supply', 'Vintage Spares'],
  TIRES: ['Slick and Wet Tires', 'Compound Tire Co'],
  RACINGCLUB: ['Redline Racing Club', 'Chicane Drivers Club'],
  INSPECTION: ['Scrutineer Inspections', 'Pre-Purchase Pros'],
  SIMRACING: ['Sim Rig Studio', 'Virtual Grid Arena'],
};

const HOURS = {
  Su: null,
  Mo: '9:00 AM - 5:00 PM',
  Tu: '9:00 AM - 5:00 PM',
  We: '9:00 AM - 5:00 PM',
  Th: '9:00 AM - 5:00 PM',
  Fr: '9:00 AM - 5:00 PM',
  Sa: null,
};

/**
 * Demo directory entries of a brand: in every category an approved featured entry with an active
 * subscription and an approved regular one (owned by the demo seller, or by nobody with a claim
 * key), plus pending, declined and unpaid featured entries of the seller. Stable ids and keys.
 */
export async function seedDemoDirectories(
  db: DataSource,
  brand: string,
  packages: { free: string; featured: string },
  now: Date,
): Promise<number> {
  const seller = demoId(brand, 'seller');
  const rows: DirectoryEntity[] = [];
  const entry = (
    name: string,
    category: string,
    index: number,
    options: { status: DirectoryStatusValue; featured: boolean; paid: boolean; owner: string | null; claimKey?: string; reason?: string },
  ): DirectoryEntity => {
    const [city, state, country] = PLACES[index % PLACES.length]!;
    const slug = name.toLowerCase().replace(/[^a-z0-9]+/g, '');
    return {
      id: demoId(brand, 'directory', name),
      brand,
      userId: options.owner,
      status: options.status,
      featured: options.featured,
      name,
      category,
      addressCountry: country,
      addressState: state,
      addressCity: city,
      addressPostal: String(10_000 + index * 137),
      addressStreet1: `${100 + index} Pit Lane`,
      addressStreet2: null,
      hoursOfOperation: HOURS,
      website: `https://${slug}.example.com`,
      phone: `+1 555 01${String(index).padStart(2, '0')}`,
      email: `hello@${slug}.example.com`,
      keywords: options.featured ? [category.toLowerCase(), 'track day', 'classic', 'race prep'] : [category.toLowerCase()],
      socialLinks: options.featured ? { instagram: `https://instagram.com/${slug}`, youtube: `https://youtube.com/@${slug}` } : {},
      videoURL: options.featured ? 'https://www.youtube.com/embed/dQw4w9WgXcQ' : null,
      image: null,
      activeSubscription: options.paid,
      // A paid demo plan is a yearly one paid at seeding (docs/decisions.md "Directory subscriptions").
      subscriptionPeriodEnd: options.paid ? new Date(Date.UTC(now.getUTCFullYear() + 1, now.getUTCMonth(), now.getUTCDate())) : null,
      subscriptionCancelAtPeriodEnd: false,
      subscriptionPastDue: false,
      packageId: options.featured ? packages.featured : packages.free,
      claimKey: options.claimKey ?? null,
      reviewReason: options.reason ?? null,
      pendingChanges: null,
      createdAt: new Date(now.getTime() - index * 3_600_000),
      updatedAt: now,
    };
  };
  DIRECTORY_CATEGORIES.forEach((category, index) => {
    const [featuredName, regularName] = NAMES[category]!;
    rows.push(
      entry(featuredName!, category, index, { status: 'approved', featured: true, paid: true, owner: index === 0 ? seller : null }),
    );
    rows.push(
      entry(regularName!, category, index + 1, {
        status: 'approved',
        featured: false,
        paid: false,
        owner: index % 2 === 0 ? seller : null,
        claimKey: index % 2 === 0 ? undefined : `demo-claim-${brand}-${category.toLowerCase()}`,
      }),
    );
  });
  rows.push(entry('Pending Pit Crew', 'ENGINEERS', 3, { status: 'pending', featured: false, paid: false, owner: seller }));
  rows.push(
    entry('Declined Detailers', 'RESTORATION', 4, {
      status: 'declined',
      featured: false,
      paid: false,
      owner: seller,
      reason: 'Please add a street address.',
    }),
  );
  rows.push(entry('Unpaid Featured Garage', 'STORAGE', 5, { status: 'approved', featured: true, paid: false, owner: seller }));
  await db.getRepository(DirectoryEntity).save(rows);
  return rows.length;
}
