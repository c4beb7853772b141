import { Column, Entity, PrimaryColumn } from 'typeorm';

/** A brand's editable content (about us, dealer pages, content pages by slug): a JSON document per kind and slug. */
@Entity({ name: 'content_documents' })
export class ContentDocumentEntity {
  @PrimaryColumn({ type: 'text' }) brand: string;
  @PrimaryColumn({ type: 'text' }) kind: string;
  /** '' for the kinds a brand has once (aboutUs, dealerService, ...). */
  @PrimaryColumn({ type: 'text' }) slug: string;
  @Column({ type: 'jsonb' }) data: Record<string, unknown>;
  @Column({ name: 'updated_at', type: 'timestamptz' }) updatedAt: Date;
}
