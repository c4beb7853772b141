import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * What the comments projection knows of a lot: its seller and currency (for bid entries) and the
 * version of the lot's comment stream it has applied (for read-your-writes).
 */
@Entity({ schema: 'auction', name: 'comment_threads' })
export class CommentThreadReadEntity {
  @PrimaryColumn('uuid', { name: 'lot_id' })
  lotId: string;

  @Column('text')
  brand: string;

  @Column('uuid', { name: 'seller_id', nullable: true })
  sellerId: string | null;

  @Column('text', { default: 'USD' })
  currency: string;

  /** Version of `lot-comments-<lotId>` reflected in the comment rows. */
  @Column('integer', { default: 0 })
  version: number;

  /** Version of `lot-reports-<lotId>` reflected in `lot_reports`. */
  @Column('integer', { name: 'reports_version', default: 0 })
  reportsVersion: number;
}
