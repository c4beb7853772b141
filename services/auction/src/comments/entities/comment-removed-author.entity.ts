import { Column, Entity, PrimaryColumn } from 'typeorm';

/** Accounts deleted in identity (UserDeleted): their entries, later ones too, show 'Removed user'. */
@Entity({ schema: 'auction', name: 'comment_removed_authors' })
export class CommentRemovedAuthorEntity {
  @PrimaryColumn('uuid', { name: 'user_id' })
  userId: string;

  @PrimaryColumn('text')
  brand: string;

  @Column('timestamptz', { name: 'removed_at' })
  removedAt: Date;
}
