import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { directoryStreamId, listingStreamId, lotStreamId } from '@trackside/contracts';
import type { AuthUser } from '@trackside/platform';
import type { DataSource } from 'typeorm';
import { IdentityEventStore } from '../../infrastructure/event-store.provider';
import { paymentError } from '../card-errors';
import type { PaymentRequest } from '../payment-request';
import { lotFromStream, payableItemFromStream, type PayableItemFacts } from './payable-item-facts';
import { PayableItemEntity } from './payable-item.entity';

/** What a payment records about its item when it is created. */
export interface PayableCheck {
  itemName: string | null;
  itemPath: string | null;
  /** Staff paid for another user's item: that owner's id. */
  onBehalfOf: string | null;
}

/**
 * Checks an item before a payment for it is priced (issue 17, "Prices come from the server"): it
 * must exist in the brand (payment.item.notFound, 404) and belong to the payer
 * (payment.access.denied, 403, 'Access denied...'), except that staff who manage that kind of item
 * may pay for its owner (recorded as on behalf of the owner). Auction lots are read from the
 * auction's log; directory entries and listings from the read model, and when it does not show the
 * item as the payer's (not there yet, another owner, deleted) from the item's own stream, which is
 * the truth: the read model lags the log, and a refusal must never come from a stale row.
 */
@Injectable()
export class PayableItems {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly events: IdentityEventStore,
  ) {}

  async assertPayable(
    user: AuthUser,
    brand: string,
    request: Pick<PaymentRequest, 'itemType' | 'itemId' | 'paymentType'>,
  ): Promise<PayableCheck> {
    if (request.paymentType === 'HOLD') {
      // A bid hold is a bidder's deposit on someone else's lot: the hold checks the lot; here only its name.
      const lot = lotFromStream(await this.events.store.readStream(lotStreamId(request.itemId)), brand);
      return { itemName: lot?.name ?? null, itemPath: lot?.path ?? null, onBehalfOf: null };
    }
    const item = await this.find(user, brand, request.itemType, request.itemId);
    if (!item || item.deleted) throw paymentError('payment.item.notFound', 'not-found');
    const named = { itemName: item.name || null, itemPath: item.path };
    if (item.ownerId === user.id) return { ...named, onBehalfOf: null };
    // An entry nobody owns yet (claimable) has no one to pay for.
    if (item.ownerId !== null && managesItems(user, item.itemType)) return { ...named, onBehalfOf: item.ownerId };
    throw paymentError('payment.access.denied', 'forbidden');
  }

  private async find(user: AuthUser, brand: string, itemType: string, itemId: string): Promise<PayableItemFacts | null> {
    if (itemType === 'AUCTION' || itemType === 'BID') return lotFromStream(await this.events.store.readStream(lotStreamId(itemId)), brand);
    if (itemType !== 'DIRECTORY' && itemType !== 'LISTING') return null;
    const row = await this.db.getRepository(PayableItemEntity).findOneBy({ brand, itemType, itemId });
    if (row && !row.deleted && row.ownerId === user.id)
      return { brand, itemType, itemId, ownerId: row.ownerId, name: row.name, path: row.path, deleted: false };
    const streamId = itemType === 'DIRECTORY' ? directoryStreamId(itemId) : listingStreamId(itemId);
    const facts = payableItemFromStream(await this.events.store.readStream(streamId));
    return facts && facts.brand === brand ? facts : null;
  }
}

/** Staff who manage this kind of item in the back office (the catalogue's and the auction's own staff checks). */
export function managesItems(user: AuthUser, itemType: string): boolean {
  const permissions = user.permissions;
  if (permissions.superAdmin) return true;
  return itemType === 'AUCTION' || itemType === 'BID' ? permissions.auctionEnabled : permissions.websiteEnabled;
}
