import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { directoryStreamId, listingStreamId, PAYABLE_ITEM_EVENTS } from '@trackside/contracts';
import { PostgresEventStore } from '@trackside/event-store';
import { APP_LOGGER, type AppLogger, type JsonLogger } from '@trackside/platform';
import type { DataSource, EntityManager } from 'typeorm';
import { CatalogueEventStore } from '../infrastructure/event-store.provider';
import { DirectoryEntity, ListingEntity } from '../persistence';
import { PayableItemAnnouncer } from './payable-item-announcer';

interface Kind {
  entity: typeof DirectoryEntity | typeof ListingEntity;
  table: string;
  prefix: string;
  created: string;
}

const KINDS: Kind[] = [
  { entity: DirectoryEntity, table: 'catalogue.directories', prefix: 'directory-', created: PAYABLE_ITEM_EVENTS.directoryCreated },
  { entity: ListingEntity, table: 'catalogue.listings', prefix: 'listing-', created: PAYABLE_ITEM_EVENTS.listingCreated },
];

/**
 * Announces directory entries and listings that have no `…Created` event yet: rows written before
 * the catalogue announced its payable items, and rows seeded straight into the tables (the demo
 * data calls `run` after seeding). Idempotent and safe with several instances: each row is
 * locked, checked again and announced in one transaction. Runs at every boot; with the PostgreSQL
 * event store one anti-join finds the rows, so a boot with nothing to do costs one query per kind.
 */
@Injectable()
export class PayableItemsBackfill implements OnApplicationBootstrap {
  private readonly log: AppLogger;

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly events: CatalogueEventStore,
    private readonly announcer: PayableItemAnnouncer,
    @Inject(APP_LOGGER) logger: JsonLogger,
  ) {
    this.log = logger.child(PayableItemsBackfill.name);
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.run();
  }

  /** Announces every unannounced row; answers how many. */
  async run(): Promise<number> {
    let announced = 0;
    for (const kind of KINDS) {
      for (const id of await this.candidates(kind)) {
        if (await this.announce(kind, id)) announced += 1;
      }
    }
    if (announced > 0) this.log.info('Announced payable items written before their events', { announced });
    return announced;
  }

  private async candidates(kind: Kind): Promise<string[]> {
    if (!(this.events.store instanceof PostgresEventStore)) {
      const rows = (await this.db.query(`SELECT id::text AS id FROM ${kind.table}`)) as Array<{ id: string }>;
      return rows.map((row) => row.id);
    }
    const rows = (await this.db.query(
      `SELECT t.id::text AS id FROM ${kind.table} t
        WHERE NOT EXISTS (SELECT 1 FROM eventstore.events e WHERE e.stream_id = $1 || t.id::text AND e.type = $2)`,
      [kind.prefix, kind.created],
    )) as Array<{ id: string }>;
    return rows.map((row) => row.id);
  }

  private async announce(kind: Kind, id: string): Promise<boolean> {
    return this.db.transaction(async (manager) => {
      const lock = { where: { id }, lock: { mode: 'pessimistic_write' as const } };
      if (kind.entity === ListingEntity) {
        const listing = await manager.getRepository(ListingEntity).findOne(lock);
        if (!listing || (await this.announced(manager, kind, id))) return false;
        await this.announcer.listingCreated(manager, listing, null);
      } else {
        const entry = await manager.getRepository(DirectoryEntity).findOne(lock);
        if (!entry || (await this.announced(manager, kind, id))) return false;
        await this.announcer.directoryCreated(manager, entry, null);
      }
      return true;
    });
  }

  private async announced(manager: EntityManager, kind: Kind, id: string): Promise<boolean> {
    const streamId = kind.entity === ListingEntity ? listingStreamId(id) : directoryStreamId(id);
    if (this.events.store instanceof PostgresEventStore) {
      const rows = (await manager.query(`SELECT 1 FROM eventstore.events WHERE stream_id = $1 AND type = $2 LIMIT 1`, [
        streamId,
        kind.created,
      ])) as unknown[];
      return rows.length > 0;
    }
    return (await this.events.store.readStream(streamId)).some((event) => event.type === kind.created);
  }
}
