import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/** One question of a brand's FAQ, in one page section (home, media, paddock, ...). */
@Entity({ name: 'faqs' })
@Index('faqs_brand_section_idx', ['brand', 'section', 'position'])
export class FaqEntity {
  @PrimaryColumn({ type: 'uuid' }) id: string;
  @Column({ type: 'text' }) brand: string;
  @Column({ type: 'text' }) section: string;
  @Column({ type: 'text' }) question: string;
  @Column({ type: 'text' }) answer: string;
  @Column({ type: 'integer', default: 0 }) position: number;
  @Column({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
}
