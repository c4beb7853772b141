import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { UPLOAD_EVENTS, UPLOAD_STREAM_PREFIX } from '@trackside/contracts';
import { PostgresEventStore } from '@trackside/event-store';
import { APP_LOGGER, type AppLogger, type JsonLogger } from '@trackside/platform';
import { In, type DataSource } from 'typeorm';
import { CatalogueEventStore } from '../infrastructure/event-store.provider';
import { MediaFileEntity } from '../persistence';
import { UploadAnnouncer } from './upload-announcer';

const BATCH = 500;

/**
 * Announces uploads stored before the catalogue announced them (issue 18, L9), so their owners can
 * still put them on a lot. Runs at every boot; idempotent and safe with several instances (each
 * stream is written once, `no_stream`: an existing one is left as it is). With the PostgreSQL event
 * store one anti-join finds the rows, so a boot with nothing to do costs one query.
 */
@Injectable()
export class UploadsBackfill implements OnApplicationBootstrap {
  private readonly log: AppLogger;

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly events: CatalogueEventStore,
    private readonly announcer: UploadAnnouncer,
    @Inject(APP_LOGGER) logger: JsonLogger,
  ) {
    this.log = logger.child(UploadsBackfill.name);
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.run();
  }

  /** Announces every unannounced upload; answers how many it found. */
  async run(): Promise<number> {
    const ids = await this.candidates();
    for (let start = 0; start < ids.length; start += BATCH) {
      await this.db.transaction(async (manager) => {
        const rows = await manager.getRepository(MediaFileEntity).findBy({ id: In(ids.slice(start, start + BATCH)) });
        await this.announcer.announce(manager, rows);
      });
    }
    if (ids.length > 0) this.log.info('Announced uploads stored before their events', { uploads: ids.length });
    return ids.length;
  }

  private async candidates(): Promise<string[]> {
    // EventStoreDB: every row is offered; the write-once append leaves the streams that exist.
    const rows = (
      this.events.store instanceof PostgresEventStore
        ? await this.db.query(
            `SELECT m.id::text AS id FROM catalogue.media_files m
              WHERE NOT EXISTS (SELECT 1 FROM eventstore.events e WHERE e.stream_id = $1 || m.id::text AND e.type = $2)`,
            [UPLOAD_STREAM_PREFIX, UPLOAD_EVENTS.stored],
          )
        : await this.db.query(`SELECT id::text AS id FROM catalogue.media_files`)
    ) as Array<{ id: string }>;
    return rows.map((row) => row.id);
  }
}
