import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * One entry of a lot's comment thread: a comment, a reply (threadOf) or an accepted bid (isBid),
 * projected by the 'auction-comments' processor. Moderated and removed entries keep their row;
 * the API hides their content.
 */
@Entity({ schema: 'auction', name: 'comments' })
@Index('comments_lot_created_idx', ['lotId', 'createdAt'])
@Index('comments_thread_of_idx', ['threadOf'])
@Index('comments_author_idx', ['authorId'])
export class CommentReadEntity {
  @PrimaryColumn('uuid')
  id: string;

  @Column('uuid', { name: 'lot_id' })
  lotId: string;

  /** Brand of the request that wrote the entry (a host brand's users comment on shared lots). */
  @Column('text')
  brand: string;

  @Column('uuid', { name: 'thread_of', nullable: true })
  threadOf: string | null;

  @Column('text')
  content: string;

  @Column('boolean', { name: 'is_bid', default: false })
  isBid: boolean;

  @Column('bigint', { name: 'bid_amount_cents', nullable: true })
  bidAmountCents: string | null;

  @Column('uuid', { name: 'author_id' })
  authorId: string;

  @Column('text', { name: 'author_name', nullable: true })
  authorName: string | null;

  /** 'seller' when the lot's seller wrote it, else 'user'. */
  @Column('text', { name: 'author_type', default: 'user' })
  authorType: string;

  /** The account was deleted (UserDeleted): the API shows 'Removed user'. */
  @Column('boolean', { name: 'author_removed', default: false })
  authorRemoved: boolean;

  @Column('integer', { default: 0 })
  points: number;

  @Column('boolean', { default: false })
  removed: boolean;

  /** Removed by staff rather than by its author (the placeholder says which). */
  @Column('boolean', { name: 'removed_by_staff', default: false })
  removedByStaff: boolean;

  @Column('boolean', { default: false })
  blocked: boolean;

  @Column('boolean', { name: 'blocked_thread', default: false })
  blockedThread: boolean;

  @Column('text', { name: 'block_reason', nullable: true })
  blockReason: string | null;

  /** Global position of the event that created the entry: a stable tie-break for the order. */
  @Column('bigint')
  seq: string;

  @Column('timestamptz', { name: 'created_at' })
  createdAt: Date;

  @Column('timestamptz', { name: 'updated_at' })
  updatedAt: Date;
}
