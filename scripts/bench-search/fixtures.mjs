// Deterministic bench data for `npm run bench:search`: lot histories as the auction decider
// records them (appended to the log in bulk) and Paddock listing rows. Same seed, same data.
import { randomUUID } from 'node:crypto';

export const BRAND = 'bench';

const MODELS = {
  Porsche: ['911 Carrera', '911 Targa', '917K', '356 Speedster', '914', 'Boxster S', 'Cayman GT4'],
  Ferrari: ['250 GTO', '308 GTB', 'F40', 'Testarossa', '512 BB', 'Dino 246'],
  Volkswagen: ['Beetle 1303', 'Golf GTI', 'Type 2 Samba', 'Scirocco'],
  'Mercedes-Benz': ['300 SL Gullwing', '190E Evo', 'SLK 230', 'Pagoda 280 SL'],
  Ford: ['GT40', 'Mustang Fastback', 'Escort RS1600', 'Sierra Cosworth'],
  Lola: ['T70 Mk3', 'T212', 'T332'],
  'Alfa Romeo': ['Giulia Sprint GTA', 'Spider Duetto', '33 Stradale'],
  Lancia: ['Stratos HF', 'Delta Integrale', 'Fulvia Coupe'],
  Chevrolet: ['Corvette Stingray', 'Camaro Z28', 'Chevelle SS'],
  BMW: ['M3 E30', '2002 Turbo', '3.0 CSL'],
  Jaguar: ['E-Type Series 1', 'XJ220', 'D-Type'],
  'Aston Martin': ['DB5', 'V8 Vantage', 'DB4 GT'],
};
const MAKES = Object.keys(MODELS);
const SUFFIXES = ['Coupe', 'Roadster', 'Race Car', 'Restored', 'Barn Find', 'Matching Numbers', 'Works Car', 'Concours'];
const COUNTRIES = ['US', 'DE', 'GB', 'IT', 'FR', 'JP', 'AU', 'CA'];
const WORDS = ['fresh engine', 'period livery', 'full history', 'race prepared', 'new paint', 'original interior', 'documented'];

/** mulberry32: a small seeded generator, so every run indexes the same lots. */
export function seeded(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pick = (random, list) => list[Math.floor(random() * list.length)];

/** A vehicle: make, model, year, title, description, country, seller type. */
export function vehicle(random) {
  const make = pick(random, MAKES);
  const model = pick(random, MODELS[make]);
  const year = String(1955 + Math.floor(random() * 60));
  return {
    make,
    model,
    year,
    title: `${year} ${make} ${model} ${pick(random, SUFFIXES)}`,
    description: `${pick(random, WORDS)}, ${pick(random, WORDS)}; ${pick(random, WORDS)}.`,
    country: pick(random, COUNTRIES),
    sellerType: random() < 0.6 ? 'Dealer' : 'Private',
  };
}

const metadata = () => ({ brand: BRAND, actorId: null, occurredAt: new Date().toISOString() });
const event = (type, data) => ({ type, data, metadata: metadata() });

/**
 * One lot's history: created, approved, scheduled; then 60% live with bids, 25% ended (sold or
 * reserve not met), 15% still scheduled. Returns the append request and where the lot stands.
 */
export function lotHistory(random, lotId, now) {
  const car = vehicle(random);
  const startPriceCents = Math.floor(random() * 50) * 100_000;
  const events = [
    event('LotCreated', {
      lotId,
      brand: BRAND,
      sellerId: randomUUID(),
      slug: `bench-${lotId}`,
      status: 'PENDING',
      title: car.title,
      sellerType: car.sellerType,
      description: car.description,
      userDescription: `Offered by its ${car.sellerType === 'Dealer' ? 'dealer' : 'second owner'}.`,
      excerpt: null,
      reserveCents: startPriceCents * 2,
      currency: 'USD',
      dataFields: {
        make: { label: 'Make', value: car.make },
        model: { label: 'Model', value: car.model },
        year: { label: 'Year', value: car.year },
      },
      address: { country: car.country },
      contactInfo: { name: 'Bench Seller', email: 'seller@example.test' },
      hasAgreedToTerms: true,
      serviceSnappr: false,
      images: { exterior: ['a'], coverImage: 'a' },
      startPriceCents,
      minIncrementCents: 0,
      paymentStatus: 'PAID',
      paymentType: null,
      packageId: 'basic',
      templateType: null,
      reserveMeterEnabled: true,
      createdAt: new Date(now).toISOString(),
    }),
    event('LotApproved', {}),
  ];
  const roll = random();
  const day = 86_400_000;
  const start = roll < 0.85 ? now - Math.floor(random() * 20) * day : now + Math.ceil(random() * 20) * day;
  const end =
    roll < 0.6 ? now + Math.ceil(random() * 14 * 24) * 3_600_000 : roll < 0.85 ? now - Math.ceil(random() * 30) * day : start + 7 * day;
  events.push(event('LotScheduled', { scheduledStart: new Date(start).toISOString(), finalEnd: new Date(end).toISOString() }));
  let topCents = startPriceCents;
  if (roll < 0.85) {
    events.push(event('LotWentLive', {}));
    for (let bids = Math.floor(random() * 6); bids > 0; bids -= 1) {
      topCents += 100_000 + Math.floor(random() * 10) * 10_000;
      events.push(event('BidPlaced', { bidId: randomUUID(), bidderId: randomUUID(), amountCents: topCents, isFirstBid: false }));
    }
  }
  if (roll >= 0.6 && roll < 0.85) events.push(event('LotEnded', { status: random() < 0.5 ? 'SOLD' : 'RESERVE_NOT_MET' }));
  return { request: { streamId: `lot-${lotId}`, events, expectedVersion: 'no_stream' }, live: roll < 0.6, topCents };
}

/** A BidPlaced on a live lot, above its top bid. */
export function bidEvent(amountCents) {
  return event('BidPlaced', { bidId: randomUUID(), bidderId: randomUUID(), amountCents, isFirstBid: false });
}

const CATEGORIES = ['CARS', 'PARTS', 'MEMORABILIA', 'TRANSPORTERS'];
const TYPES = ['SALE', 'WANTED'];
const CURRENCIES = ['USD', 'USD', 'USD', 'EUR', 'GBP'];

/** One Paddock listing row (catalogue.listings columns), approved and unexpired unless `random` says otherwise. */
export function listingRow(random, now) {
  const car = vehicle(random);
  const poa = random() < 0.05;
  return {
    id: randomUUID(),
    brand: BRAND,
    user_id: randomUUID(),
    package_id: randomUUID(),
    group_id: null,
    title: `${car.title}`,
    slug: `listing-${randomUUID()}`,
    category: pick(random, CATEGORIES),
    type: pick(random, TYPES),
    description: `${car.make} ${car.model}: ${car.description}`,
    price_cents: poa ? null : (1 + Math.floor(random() * 400)) * 100_000,
    poa,
    currency: pick(random, CURRENCIES),
    status: random() < 0.9 ? 'APPROVED' : 'PENDING',
    payment_status: random() < 0.8 ? 'FREE' : 'PAID',
    address_country: car.country,
    seller_type: car.sellerType.toUpperCase(),
    published_at: new Date(now - Math.floor(random() * 365) * 86_400_000).toISOString(),
    extra_details: { make: car.make, model: car.model, year: car.year },
    weighting: Math.floor(random() * 3),
    expiry: random() < 0.1 ? new Date(now - 86_400_000).toISOString() : null,
    created_at: new Date(now).toISOString(),
    updated_at: new Date(now).toISOString(),
  };
}
