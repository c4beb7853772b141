import { waitUntil } from '../../../libs/testing/src/eventually';
import { auctionPackageId, login } from './fixtures';
import type { RunningSystem } from './system';

const DAY = 86_400_000;
const CREATE = 'mutation($data: AuctionInput!) { createAuction(input: { data: $data }) { auction { id slug } } }';

/**
 * A lot of `owner`'s demo seller, shared to the network, accepted by `host` and scheduled to start
 * in 3 s for a week; LIVE when this returns (the partner-brand hand-off specs).
 */
export async function liveNetworkLot(
  system: RunningSystem,
  lot: { title: string; year: string; description: string; owner: string; host: string },
): Promise<{ id: string; slug: string }> {
  const { owner, host } = lot;
  const [seller, ownerStaff, hostStaff] = await Promise.all([
    login(system, `seller@${owner}.demo`, owner),
    login(system, `staff@${owner}.demo`, owner),
    login(system, `staff@${host}.demo`, host),
  ]);
  const asOwner = { token: ownerStaff.jwt, brand: owner };
  const created = await system.graphql<{ createAuction: { auction: { id: string; slug: string } } }>(
    CREATE,
    {
      data: {
        title: lot.title,
        sellerType: 'Private',
        userDescription: lot.description,
        reserve: 350,
        currency: 'USD',
        dataFields: { make: { label: 'Make', value: 'Lancia' }, year: { label: 'Year', value: lot.year } },
        address: { country: 'US', state: 'CA' },
        contactInfo: { name: 'Sam Seller', email: 'sam@example.test' },
        hasAgreedToTerms: true,
        packageId: await auctionPackageId(system, owner),
        paymentType: 'ONE_TIME',
      },
    },
    { token: seller.jwt, brand: owner },
  );
  const { id, slug } = created.createAuction.auction;
  await system.graphql('mutation($id: ID!) { approveAuction(id: $id, confirmUnpaid: true) { status } }', { id }, asOwner);
  await system.graphql('mutation($id: ID!) { sendAuctionToNetwork(id: $id) { status } }', { id }, asOwner);
  await system.graphql('mutation($id: ID!) { acceptAuction(id: $id) { status } }', { id }, { token: hostStaff.jwt, brand: host });
  const start = new Date(Date.now() + 3000);
  await system.graphql(
    'mutation($id: ID!, $s: DateTime, $e: DateTime) { scheduleAuction(id: $id, startDate: $s, endDate: $e) { status } }',
    { id, s: start, e: new Date(start.getTime() + 7 * DAY) },
    asOwner,
  );
  await waitUntil(
    () => system.graphql<{ auction: { status: string } }>('query($id: ID!) { auction(id: $id) { status } }', { id }, { brand: owner }),
    (answer) => answer.auction.status === 'LIVE',
    { timeoutMs: 30_000, intervalMs: 250 },
  );
  return { id, slug };
}
