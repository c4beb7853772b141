import { useApolloClient } from '@apollo/client/react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { CHECKOUT_LISTING, type CheckoutListing } from './paddock-checkout.operations';

const CONFIRM_WAIT_MS = 10_000;
const CONFIRM_POLL_MS = 300;

/**
 * After 'Payment received.': waits (up to 10 s) until the catalogue marks the listing paid, then goes
 * to the listing when approved, else to the dashboard listings.
 */
export function useConfirmPayment(base: string, listingId: string, listing: CheckoutListing | null) {
  const client = useApolloClient();
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);
  const confirm = async () => {
    setConfirming(true);
    const deadline = Date.now() + CONFIRM_WAIT_MS;
    let latest: CheckoutListing | null = listing;
    while (Date.now() < deadline) {
      const answer = await client.query({ query: CHECKOUT_LISTING, variables: { id: listingId }, fetchPolicy: 'network-only' });
      latest = answer.data?.listing ?? latest;
      if (latest && latest.paymentStatus !== 'UNPAID') break;
      await new Promise((resolve) => setTimeout(resolve, CONFIRM_POLL_MS));
    }
    setConfirming(false);
    if (latest && latest.status === 'APPROVED') void navigate(`${base}/${latest.category}/${latest.type}/${latest.slug}`);
    else void navigate('/dashboard/listings');
  };
  return { confirming, confirm };
}
