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

  @Column('timestamptz', { name: 'created_at' })
  createdAt: Date;
}
