import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { messageFor, type AuctionErrorCode } from '@trackside/contracts';
import { CHECKPOINT_MOVED_CHANNEL, START_CHECKPOINT } from '@trackside/event-store';
import { APP_LOGGER, ServiceProcessorHost, type AppLogger, type JsonLogger, DomainError } from '@trackside/platform';
import type { DataSource } from 'typeorm';

/** How long the reset waits for the tables' locks before giving up (readers queue behind TRUNCATE meanwhile). */
const LOCK_TIMEOUT_MS = 5000;
/** PostgreSQL's lock_not_available (the lock_timeout above ran out). */
const LOCK_NOT_AVAILABLE = '55P03';

const refuse = (code: AuctionErrorCode): DomainError => new DomainError(code, messageFor(code));

/**
 * Rebuilds ONE auction projection while the service runs (docs/decisions.md "Tools: rebuilding a
 * projection online"). Nothing is paused in memory: every batch of a processor, on whichever
 * instance leads it, starts by locking the processor's checkpoint row (`FOR UPDATE`, in
 * TailSubscription's batches) and commits its writes with the new checkpoint. The reset takes
 * that same row lock first, so it waits for a batch in flight to commit and holds the next one back;
 * it then empties the projection's tables and sets the checkpoint to the start in the same
 * transaction. The batch that was waiting re-reads the row once the reset commits (READ COMMITTED),
 * sees the start, and the leader replays the whole log into the empty tables: no event is applied
 * twice or skipped, on one instance or several.
 */
@Injectable()
export class ProjectionRebuildService {
  private readonly log: AppLogger;

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly processors: ServiceProcessorHost,
    @Inject(APP_LOGGER) logger: JsonLogger,
  ) {
    this.log = logger.child(ProjectionRebuildService.name);
  }

  async rebuild(name: string, by: { actorId: string; brand: string }): Promise<void> {
    // A projection is a checkpointed processor with tables of its own (its definition's).
    const tables = this.processors.definitions.find((definition) => definition.name === name && definition.tables?.length)?.tables;
    if (!tables) throw refuse('auction.projection.unknown');
    // Emptied tables nobody refills would leave every brand's lists empty until the next start.
    if (!(await this.isFollowed(name))) throw refuse('auction.projection.notRunning');
    try {
      await this.db.transaction(async (manager) => {
        await manager.query(`SET LOCAL lock_timeout = '${LOCK_TIMEOUT_MS}ms'`);
        await manager.query(
          `INSERT INTO eventstore.checkpoints (processor_name, checkpoint) VALUES ($1, $2) ON CONFLICT (processor_name) DO NOTHING`,
          [name, START_CHECKPOINT],
        );
        await manager.query(`SELECT checkpoint FROM eventstore.checkpoints WHERE processor_name = $1 FOR UPDATE`, [name]);
        await manager.query(`TRUNCATE ${tables.join(', ')}`);
        await manager.query(`UPDATE eventstore.checkpoints SET checkpoint = $2, updated_at = now() WHERE processor_name = $1`, [
          name,
          START_CHECKPOINT,
        ]);
        // The leader (on any instance) reads its checkpoint again once this commits (it does not poll it).
        await manager.query('SELECT pg_notify($1, $2)', [CHECKPOINT_MOVED_CHANNEL, name]);
      });
    } catch (error) {
      if ((error as { code?: unknown }).code === LOCK_NOT_AVAILABLE) throw refuse('auction.projection.busy');
      throw error;
    }
    // Every brand's rows were emptied: say who asked, from which brand.
    this.log.warn('Projection reset for a rebuild; its processor replays the log', { processor: name, tables, ...by });
  }

  /**
   * Whether an instance leads the processor now: the leader holds the session advisory lock
   * `hashtext('processor:<name>')` (LogTail.tryLock), a bigint key that pg_locks shows
   * split into classid (high 32 bits) and objid (low 32 bits).
   */
  private async isFollowed(name: string): Promise<boolean> {
    const [row] = (await this.db.query(
      `WITH k AS (SELECT hashtext($1)::bigint AS key)
       SELECT EXISTS (
         SELECT 1 FROM pg_locks l, k
          WHERE l.locktype = 'advisory' AND l.granted AND l.objsubid = 1
            AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database())
            AND l.classid::bigint = (k.key >> 32) & 4294967295
            AND l.objid::bigint = k.key & 4294967295
       ) AS followed`,
      [`processor:${name}`],
    )) as Array<{ followed: boolean }>;
    return row?.followed === true;
  }
}
