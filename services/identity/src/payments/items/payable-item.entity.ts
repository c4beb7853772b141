import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * Identity's read model of the catalogue's payable items (directory entries and listings), kept by
 * PayableItemsProcessor from the catalogue's announcements (libs/contracts PAYABLE_ITEM_EVENTS):
 * who owns each one and what it is called, so a payment is checked before anything is charged.
 * Rebuildable: empty it and delete the processor's checkpoint (docs/payments.md "Payable items").
 */
@Entity({ schema: 'identity', name: 'payable_items' })
export class PayableItemEntity {
  @PrimaryColumn('text')
  brand: string;

  /** DIRECTORY or LISTING. */
  @PrimaryColumn('text', { name: 'item_type' })
  itemType: string;

  @PrimaryColumn('text', { name: 'item_id' })
  itemId: string;

  /** Null for a claimable directory entry nobody has claimed. */
  @Column('uuid', { name: 'owner_id', nullable: true })
  ownerId: string | null;

  @Column('text')
  name: string;

  /** The item's page in the web app (itemUrl of a transaction). */
  @Column('text', { nullable: true })
  path: string | null;

  /** A deleted listing: payments for it answer payment.item.notFound. */
  @Column('boolean', { default: false })
  deleted: boolean;

  @Column('timestamptz', { name: 'updated_at' })
  updatedAt: Date;
}
