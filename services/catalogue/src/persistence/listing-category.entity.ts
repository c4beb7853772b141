import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

export interface ListingTypeData {
  name: string;
  slug: string;
}

/** One dynamic listing property field (spec 002 section 3). */
export interface ListingPropertyFieldData {
  id: string;
  enabled: boolean;
  name: string;
  label: string;
  type: string;
  regex?: string | null;
  regexMessage?: string | null;
  required?: boolean;
  min?: number | null;
  max?: number | null;
  precision?: number | null;
  tooltip?: string | null;
  defaultValue?: string | null;
  placeholder?: string | null;
  disabled?: boolean;
  hidden?: boolean;
  options?: Array<{ id: string; name: string }>;
  size?: number | null;
  icon?: string | null;
  childName?: string | null;
  order?: number;
}

/** A Paddock category of a brand with its types and the property fields its listings fill in. */
@Entity({ name: 'listing_categories' })
@Index('listing_categories_slug_uq', ['brand', 'slug'], { unique: true })
export class ListingCategoryEntity {
  @PrimaryColumn({ type: 'uuid' }) id: string;
  @Column({ type: 'text' }) brand: string;
  @Column({ type: 'text' }) name: string;
  @Column({ type: 'text' }) slug: string;
  @Column({ type: 'integer', default: 0 }) position: number;
  @Column({ type: 'jsonb', default: () => "'[]'" }) types: ListingTypeData[];
  @Column({ type: 'jsonb', default: () => "'[]'" }) fields: ListingPropertyFieldData[];
}
