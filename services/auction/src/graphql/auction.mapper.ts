import type { BidReadEntity, LotReadEntity } from '../projections/entities';
import type { AuctionObject, BidObject } from './auction.object';
import { type AuctionStatusGql } from './auction-status.enum';

/** Integer cents (bigint text) to the API's two-decimal amount. Exact: cents/100 has ≤ 2 decimals. */
export function centsToAmount(cents: string | number | null): number | null {
  if (cents === null) return null;
  return Number(cents) / 100;
}

export function toBidObject(bid: BidReadEntity): BidObject {
  return {
    id: bid.id,
    amount: centsToAmount(bid.amountCents) ?? 0,
    auction: bid.lotId,
    bidder: { id: bid.bidderId },
    isFirstBid: bid.isFirstBid,
    properties: null,
    created_at: bid.createdAt,
  };
}

function ids(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
}

export function toAuctionObject(lot: LotReadEntity, topBid: BidReadEntity | null, serverTime: Date): AuctionObject {
  const images = lot.images as Record<string, unknown>;
  const address = lot.address as Record<string, string | null>;
  const contact = lot.contactInfo as Record<string, string | null>;
  return {
    id: lot.id,
    title: lot.title,
    slug: lot.slug,
    sellerType: lot.sellerType,
    description: lot.description,
    userDescription: lot.userDescription,
    excerpt: lot.excerpt,
    scheduledStartDate: lot.scheduledStart,
    scheduledEndDate: lot.scheduledEnd,
    finalEndDate: lot.finalEnd,
    startPrice: centsToAmount(lot.startPriceCents) ?? 0,
    finalPrice: centsToAmount(lot.finalPriceCents),
    minIncrementAmount: centsToAmount(lot.minIncrementCents) ?? 0,
    reserve: centsToAmount(lot.reserveCents),
    currency: lot.currency,
    status: lot.status as AuctionStatusGql,
    paymentStatus: lot.paymentStatus,
    paymentType: lot.paymentType,
    packageId: lot.packageId,
    templateType: lot.templateType,
    dataFields: lot.dataFields,
    address: {
      country: address.country ?? null,
      state: address.state ?? null,
      city: address.city ?? null,
      postal: address.postal ?? null,
      address1: address.address1 ?? null,
    },
    contactInfo: { id: contact.id ?? null, name: contact.name ?? null, phone: contact.phone ?? null, email: contact.email ?? null },
    exterior: ids(images.exterior),
    interior: ids(images.interior),
    mechanical: ids(images.mechanical),
    documents: ids(images.documents),
    coverImage: typeof images.coverImage === 'string' ? images.coverImage : null,
    hasAgreedToTerms: lot.hasAgreedToTerms,
    serviceSnappr: lot.serviceSnappr,
    reserveMeterEnabled: lot.reserveMeterEnabled,
    brand: lot.brand,
    shared: lot.shared,
    hosts: lot.hosts,
    hosts_declined: lot.hostsDeclined,
    user: { id: lot.sellerId },
    topBid: topBid ? toBidObject(topBid) : null,
    topBidAmount: centsToAmount(lot.topBidCents),
    bidCount: lot.bidCount,
    reserveMet: lot.reserveMet,
    reservePercentage: Number(lot.reservePercentage),
    winner: lot.winnerId ? { id: lot.winnerId } : null,
    created_at: lot.createdAt,
    updated_at: lot.updatedAt,
    serverTime,
  };
}
