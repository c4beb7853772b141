import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * A brand's configuration as staff saved it: only the values that differ from the spec's defaults
 * are meaningful, the rest is filled in when read (brand/brand-configuration.defaults.ts), so a new
 * default reaches every brand that never changed it.
 */
@Entity({ name: 'brand_configurations' })
export class BrandConfigurationEntity {
  @PrimaryColumn({ type: 'text' }) brand: string;
  @Column({ type: 'jsonb', default: () => "'{}'" }) settings: Record<string, unknown>;
  @Column({ type: 'jsonb', default: () => "'{}'" }) theme: Record<string, unknown>;
  @Column({ name: 'updated_by', type: 'uuid', nullable: true }) updatedBy: string | null;
  @Column({ name: 'updated_at', type: 'timestamptz' }) updatedAt: Date;
}
