import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/** A media article (spec 002 "Media"), listed by category and by tag. */
@Entity({ name: 'media_articles' })
@Index('media_articles_slug_uq', ['brand', 'slug'], { unique: true })
@Index('media_articles_brand_category_idx', ['brand', 'category', 'publishedAt'])
export class MediaArticleEntity {
  @PrimaryColumn({ type: 'uuid' }) id: string;
  @Column({ type: 'text' }) brand: string;
  @Column({ type: 'text' }) slug: string;
  @Column({ type: 'text' }) title: string;
  @Column({ type: 'text', nullable: true }) excerpt: string | null;
  @Column({ type: 'text' }) content: string;
  @Column({ type: 'jsonb', nullable: true }) image: { url: string; alternativeText: string | null } | null;
  @Column({ type: 'text' }) category: string;
  @Column({ type: 'text', array: true, default: () => "'{}'" }) tags: string[];
  @Column({ type: 'text', nullable: true }) author: string | null;
  @Column({ name: 'published_at', type: 'timestamptz' }) publishedAt: Date;
  @Column({ name: 'updated_at', type: 'timestamptz' }) updatedAt: Date;
}
