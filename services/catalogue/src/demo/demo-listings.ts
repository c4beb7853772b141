import type { DataSource } from 'typeorm';
import { ListingCategoryEntity, ListingEntity, type ListingPropertyFieldData, type ListingStatusValue } from '../persistence';
import { demoId } from './demo-ids';

const transmission = [
  { id: 'manual', name: 'Manual' },
  { id: 'automatic', name: 'Automatic' },
  { id: 'sequential', name: 'Sequential' },
];

const CAR_FIELDS: ListingPropertyFieldData[] = [
  { id: 'make', enabled: true, name: 'make', label: 'Make', type: 'MAKE', required: true, order: 1 },
  { id: 'year', enabled: true, name: 'year', label: 'Year', type: 'NUMBER', required: true, min: 1900, max: 2030, order: 2 },
  { id: 'mileage', enabled: true, name: 'mileage', label: 'Mileage', type: 'NUMBER', min: 0, order: 3, tooltip: 'Miles on the odometer' },
  { id: 'transmission', enabled: true, name: 'transmission', label: 'Transmission', type: 'SELECT', options: transmission, order: 4 },
  { id: 'engineSize', enabled: true, name: 'engineSize', label: 'Engine size (L)', type: 'FLOAT', precision: 1, min: 0, max: 20, order: 5 },
  {
    id: 'vin',
    enabled: true,
    name: 'vin',
    label: 'VIN',
    type: 'TEXT',
    regex: '^[A-HJ-NPR-Z0-9]{17}$',
    regexMessage: 'A VIN has 17 letters and digits (no I, O or Q)',
    order: 6,
  },
  { id: 'trackReady', enabled: true, name: 'trackReady', label: 'Track ready', type: 'BOOLEAN', order: 7 },
  { id: 'valuation', enabled: true, name: 'valuation', label: 'Last valuation', type: 'PRICE', order: 8 },
  { id: 'modifications', enabled: true, name: 'modifications', label: 'Modifications', type: 'RICH_TEXT', order: 9 },
  { id: 'legacy', enabled: false, name: 'legacy', label: 'Legacy field', type: 'TEXT', order: 10 },
];

const JEWEL_FIELDS: ListingPropertyFieldData[] = [
  {
    id: 'metal',
    enabled: true,
    name: 'metal',
    label: 'Metal',
    type: 'SELECT',
    required: true,
    options: [
      { id: 'gold', name: 'Gold' },
      { id: 'platinum', name: 'Platinum' },
      { id: 'silver', name: 'Silver' },
    ],
    order: 1,
  },
  { id: 'caratWeight', enabled: true, name: 'caratWeight', label: 'Carat weight', type: 'FLOAT', precision: 2, min: 0, order: 2 },
  { id: 'certified', enabled: true, name: 'certified', label: 'Certified', type: 'BOOLEAN', order: 3 },
];

interface DemoListing {
  title: string;
  category: string;
  type: string;
  priceCents: number | null;
  status: ListingStatusValue;
  pkg: string;
  sellerType: 'PERSONAL' | 'DEALER';
  details: Record<string, unknown>;
  daysAgo: number;
}

/** Demo Paddock categories (with property fields) and listings in several packages and statuses. */
export async function seedDemoListings(
  db: DataSource,
  brand: string,
  jewelry: boolean,
  packageIds: Record<string, string>,
  now: Date,
): Promise<number> {
  const categories: ListingCategoryEntity[] = jewelry
    ? [
        {
          id: demoId(brand, 'category', 'rings'),
          brand,
          name: 'Rings',
          slug: 'rings',
          position: 1,
          types: [
            { name: 'Engagement', slug: 'engagement' },
            { name: 'Signet', slug: 'signet' },
          ],
          fields: JEWEL_FIELDS,
        },
        {
          id: demoId(brand, 'category', 'watches'),
          brand,
          name: 'Watches',
          slug: 'watches',
          position: 2,
          types: [
            { name: 'Dress', slug: 'dress' },
            { name: 'Sport', slug: 'sport' },
          ],
          fields: JEWEL_FIELDS,
        },
      ]
    : [
        {
          id: demoId(brand, 'category', 'cars'),
          brand,
          name: 'Cars',
          slug: 'cars',
          position: 1,
          types: [
            { name: 'Race Car', slug: 'race-car' },
            { name: 'Road Car', slug: 'road-car' },
            { name: 'Classic', slug: 'classic' },
          ],
          fields: CAR_FIELDS,
        },
        {
          id: demoId(brand, 'category', 'parts'),
          brand,
          name: 'Parts',
          slug: 'parts',
          position: 2,
          types: [
            { name: 'Engines', slug: 'engines' },
            { name: 'Wheels', slug: 'wheels' },
          ],
          fields: [
            {
              id: 'condition',
              enabled: true,
              name: 'condition',
              label: 'Condition',
              type: 'SELECT',
              required: true,
              options: [
                { id: 'new', name: 'New' },
                { id: 'used', name: 'Used' },
              ],
              order: 1,
            },
          ],
        },
      ];
  await db.getRepository(ListingCategoryEntity).save(categories);
  const listings: DemoListing[] = jewelry
    ? [
        {
          title: 'Platinum Solitaire Ring',
          category: 'rings',
          type: 'engagement',
          priceCents: 1_250_000,
          status: 'APPROVED',
          pkg: 'Standard',
          sellerType: 'DEALER',
          details: { metal: 'Platinum', caratWeight: 1.2, certified: true },
          daysAgo: 2,
        },
        {
          title: 'Gold Signet Ring',
          category: 'rings',
          type: 'signet',
          priceCents: 240_000,
          status: 'APPROVED',
          pkg: 'Starter',
          sellerType: 'PERSONAL',
          details: { metal: 'Gold' },
          daysAgo: 5,
        },
        {
          title: 'Vintage Dress Watch',
          category: 'watches',
          type: 'dress',
          priceCents: null,
          status: 'APPROVED',
          pkg: 'Dealer',
          sellerType: 'DEALER',
          details: { metal: 'Gold', certified: false },
          daysAgo: 1,
        },
      ]
    : [
        {
          title: '1967 Lotus Elan S3',
          category: 'cars',
          type: 'classic',
          priceCents: 6_500_000,
          status: 'APPROVED',
          pkg: 'Standard',
          sellerType: 'PERSONAL',
          details: { make: 'Lotus', year: 1967, transmission: 'Manual', trackReady: false },
          daysAgo: 3,
        },
        {
          title: 'Radical SR3 RSX',
          category: 'cars',
          type: 'race-car',
          priceCents: 11_900_000,
          status: 'APPROVED',
          pkg: 'Dealer',
          sellerType: 'DEALER',
          details: {
            make: 'Radical',
            year: 2019,
            transmission: 'Sequential',
            trackReady: true,
            engineSize: 1.5,
            // RICH_TEXT as the editor writes it (already within the sanitiser's allowlist).
            modifications:
              '<h2>Race preparation</h2><p><b>Engine rebuilt</b> 20 hours ago, <i>new</i> clutch.</p>' +
              '<ul><li>Paddle-shift sequential gearbox</li><li>Data logging with lap timer</li></ul>',
          },
          daysAgo: 1,
        },
        {
          title: 'Porsche 911 GT3 Touring',
          category: 'cars',
          type: 'road-car',
          priceCents: 18_950_000,
          status: 'APPROVED',
          pkg: 'Dealer',
          sellerType: 'DEALER',
          details: { make: 'Porsche', year: 2022, mileage: 4200, transmission: 'Manual' },
          daysAgo: 6,
        },
        {
          title: 'Mazda MX-5 Cup Car',
          category: 'cars',
          type: 'race-car',
          priceCents: null,
          status: 'APPROVED',
          pkg: 'Dealer',
          sellerType: 'DEALER',
          details: { make: 'Mazda', year: 2021, trackReady: true },
          daysAgo: 2,
        },
        {
          title: 'BBS Magnesium Wheels',
          category: 'parts',
          type: 'wheels',
          priceCents: 420_000,
          status: 'APPROVED',
          pkg: 'Starter',
          sellerType: 'PERSONAL',
          details: { condition: 'Used' },
          daysAgo: 8,
        },
        {
          title: 'Cosworth DFV Engine',
          category: 'parts',
          type: 'engines',
          priceCents: 25_000_000,
          status: 'PENDING',
          pkg: 'Standard',
          sellerType: 'PERSONAL',
          details: { condition: 'Used' },
          daysAgo: 0,
        },
        {
          title: 'Ford Escort Mk1 Rally',
          category: 'cars',
          type: 'classic',
          priceCents: 8_900_000,
          status: 'SOLD',
          pkg: 'Standard',
          sellerType: 'PERSONAL',
          details: { make: 'Ford', year: 1972 },
          daysAgo: 20,
        },
      ];
  const seller = demoId(brand, 'seller');
  const dealer = demoId(brand, 'staff');
  const rows: ListingEntity[] = listings.map((listing, index) => {
    const id = demoId(brand, 'listing', listing.title);
    const published = new Date(now.getTime() - listing.daysAgo * 86_400_000);
    const approved = listing.status !== 'PENDING';
    const activeDays = listing.pkg === 'Starter' ? 30 : listing.pkg === 'Standard' ? 60 : 90;
    return {
      id,
      brand,
      userId: listing.sellerType === 'DEALER' ? dealer : seller,
      packageId: packageIds[listing.pkg]!,
      groupId: null,
      title: listing.title,
      slug: `${listing.title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${id.slice(0, 8)}`,
      category: listing.category,
      type: listing.type,
      description: `${listing.title}. Documented history, inspected, ready to go. Viewing by appointment.`,
      excerpt: `${listing.title}. Documented history, inspected, ready to go.`,
      images: [],
      videos: index === 1 ? ['https://www.youtube.com/embed/dQw4w9WgXcQ'] : [],
      priceCents: listing.priceCents === null ? null : String(listing.priceCents),
      poa: listing.priceCents === null,
      currency: 'USD',
      status: listing.status,
      addressCountry: 'US',
      addressState: 'CA',
      addressCity: 'Monterey',
      sellerType: listing.sellerType,
      publishedAt: approved ? published : null,
      showBTCExchangeRate: index % 2 === 0,
      extraDetails: listing.details,
      weighting: listing.pkg === 'Dealer' ? 3 : listing.pkg === 'Standard' ? 2 : 1,
      expiry: approved ? new Date(published.getTime() + activeDays * 86_400_000) : null,
      firstReminderAt: null,
      secondReminderAt: null,
      createdAt: published,
      updatedAt: published,
    };
  });
  await db.getRepository(ListingEntity).save(rows);
  return rows.length;
}
