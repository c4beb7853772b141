import * as yup from 'yup';
import { MY_LISTING_GROUPS, MY_LISTINGS_WITH_PAYMENT, type CheckoutListing } from './paddock-checkout.operations';

export const GROUP_MESSAGES = {
  required: 'Required',
  chooseListings: 'Choose at least one of your listings',
  tooMany: 'Choose up to 100 of your listings',
  created: 'Listing group created.',
  updated: 'Listing group updated.',
  deleted: 'Listing group deleted.',
  empty: 'You have no listing groups yet.',
  noListings: 'Create a listing first, then group your listings here.',
} as const;

export const groupSchema = yup.object({
  name: yup.string().trim().required(GROUP_MESSAGES.required).max(200, 'At most 200 characters'),
  description: yup.string().max(2000, 'At most 2000 characters'),
  listings: yup.array(yup.string().required()).min(1, GROUP_MESSAGES.chooseListings).max(100, GROUP_MESSAGES.tooMany),
});

export const REFETCH = [{ query: MY_LISTING_GROUPS }, { query: MY_LISTINGS_WITH_PAYMENT }];

export function listingOptions(listings: CheckoutListing[]) {
  return listings.map((listing) => ({ value: listing.id, label: `${listing.title} (${listing.status})` }));
}
