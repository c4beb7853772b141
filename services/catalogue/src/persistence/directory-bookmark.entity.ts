import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/** A user's favourite directory entry. */
@Entity({ name: 'directory_bookmarks' })
@Index('directory_bookmarks_uq', ['brand', 'userId', 'directoryId'], { unique: true })
export class DirectoryBookmarkEntity {
  @PrimaryColumn({ type: 'uuid' }) id: string;
  @Column({ type: 'text' }) brand: string;
  @Column({ name: 'directory_id', type: 'uuid' }) directoryId: string;
  @Column({ name: 'user_id', type: 'uuid' }) userId: string;
  @Column({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
}
