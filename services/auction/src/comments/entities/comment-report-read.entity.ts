import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/** An abuse report on a comment (reason and explanation), for the moderators. */
@Entity({ schema: 'auction', name: 'comment_reports' })
@Index('comment_reports_comment_idx', ['commentId'])
export class CommentReportReadEntity {
  @PrimaryColumn('uuid')
  id: string;

  @Column('uuid', { name: 'comment_id' })
  commentId: string;

  @Column('uuid', { name: 'lot_id' })
  lotId: string;

  @Column('text')
  brand: string;

  @Column('uuid', { name: 'reporter_id' })
  reporterId: string;

  @Column('text')
  reason: string;

  @Column('text')
  content: string;

  @Column('boolean', { default: false })
  resolved: boolean;

  /** How the report was resolved: 'dismissed', or 'blocked' / 'removed' with its comment. */
  @Column('text', { nullable: true })
  resolution: string | null;

  /** The moderator's note (dismissal note, block reason or removal note). */
  @Column('text', { name: 'resolution_note', nullable: true })
  resolutionNote: string | null;

  @Column('text', { name: 'resolved_by', nullable: true })
  resolvedBy: string | null;

  @Column('timestamptz', { name: 'resolved_at', nullable: true })
  resolvedAt: Date | null;

  @Column('timestamptz', { name: 'created_at' })
  createdAt: Date;
}
