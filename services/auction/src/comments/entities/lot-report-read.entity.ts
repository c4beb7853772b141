import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/** An abuse report on a lot (reason and explanation), projected from `lot-reports-<lotId>` for the staff queue. */
@Entity({ schema: 'auction', name: 'lot_reports' })
@Index('lot_reports_lot_idx', ['lotId'])
export class LotReportReadEntity {
  @PrimaryColumn('uuid')
  id: string;

  @Column('uuid', { name: 'lot_id' })
  lotId: string;

  /** The brand the report was made on (the owner's or a host's site). */
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

  /** 'dismissed' (the only resolution of a lot report today). */
  @Column('text', { nullable: true })
  resolution: string | null;

  @Column('text', { name: 'resolution_note', nullable: true })
  resolutionNote: string | null;

  @Column('text', { name: 'resolved_by', nullable: true })
  resolvedBy: string | null;

  @Column('timestamptz', { name: 'resolved_at', nullable: true })
  resolvedAt: Date | null;

  @Column('timestamptz', { name: 'created_at' })
  createdAt: Date;
}
