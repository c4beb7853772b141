/**
 * A complete `LotCreated` payload as the decider records it, for tests that write a lot's history
 * straight into the log (the CLI e2e specs). `overrides` replace top-level fields.
 */
export function lotCreatedData(lotId: string, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    lotId,
    brand: 'trackside',
    sellerId: 'seller-1',
    slug: lotId,
    status: 'PENDING',
    startPriceCents: 0,
    minIncrementCents: 0,
    paymentStatus: 'PAID',
    paymentType: null,
    packageId: 'basic',
    templateType: null,
    reserveMeterEnabled: true,
    createdAt: '2026-11-20T10:00:00.000Z',
    title: 'Lotus Elan',
    sellerType: 'Dealer',
    description: null,
    userDescription: 'x',
    excerpt: null,
    reserveCents: 200_000,
    currency: 'USD',
    dataFields: { make: { label: 'Make', value: 'Lotus' } },
    address: { country: 'US' },
    contactInfo: { name: 'S', email: 's@example.test' },
    hasAgreedToTerms: true,
    serviceSnappr: false,
    images: { exterior: ['a.png'] },
    ...overrides,
  };
}
