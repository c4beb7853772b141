import { registerEnumType } from '@nestjs/graphql';

export enum AuctionStatusGql {
  PENDING = 'PENDING',
  APPROVED = 'APPROVED',
  SCHEDULED = 'SCHEDULED',
  LIVE = 'LIVE',
  RESERVE_NOT_MET = 'RESERVE_NOT_MET',
  SOLD = 'SOLD',
  /** Added to the spec's statuses: canceled by staff (docs/decisions.md "Staff remedies"). */
  CANCELED = 'CANCELED',
}
registerEnumType(AuctionStatusGql, { name: 'ENUM_AUCTION_STATUS', description: 'Lot status (spec 001 section 4).' });

export enum PaymentTypeGql {
  HOLD = 'HOLD',
  ONE_TIME = 'ONE_TIME',
  MONTHLY = 'MONTHLY',
  YEARLY = 'YEARLY',
}
registerEnumType(PaymentTypeGql, { name: 'ENUM_PAYMENT_TYPE' });
