import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

export interface MediaFormatData {
  name: string;
  url: string;
  width: number;
  height: number;
  size: number;
  mime: string;
  ext: string;
}

/** An uploaded file (spec 000 section 3 "Media file") with its generated image formats. */
@Entity({ name: 'media_files' })
@Index('media_files_brand_user_idx', ['brand', 'userId', 'createdAt'])
export class MediaFileEntity {
  @PrimaryColumn({ type: 'uuid' }) id: string;
  @Column({ type: 'text' }) brand: string;
  @Column({ name: 'user_id', type: 'uuid', nullable: true }) userId: string | null;
  @Column({ type: 'text' }) name: string;
  @Column({ type: 'text' }) mime: string;
  @Column({ type: 'text' }) ext: string;
  @Column({ type: 'integer' }) size: number;
  @Column({ type: 'integer', nullable: true }) width: number | null;
  @Column({ type: 'integer', nullable: true }) height: number | null;
  @Column({ type: 'text' }) url: string;
  /** Where the original is stored (local path under the upload root, or the object key). */
  @Column({ name: 'storage_key', type: 'text' }) storageKey: string;
  @Column({ type: 'jsonb', default: () => "'{}'" }) formats: Record<string, MediaFormatData>;
  @Column({ name: 'alternative_text', type: 'text', nullable: true }) alternativeText: string | null;
  @Column({ type: 'text', nullable: true }) caption: string | null;
  @Column({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
}
