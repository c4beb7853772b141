-- Rebases the PostgreSQL event store and every checkpoint after a LOGICAL restore (pg_dump /
-- pg_restore, or any copy of the rows into another cluster). docs/operations.md explains when.
--
-- Why: readers order the log by (transaction_id, global_position) and only read rows whose
-- transaction_id is below the oldest running transaction (docs/architecture.md section 2). The
-- transaction ids were the old cluster's; a new cluster counts from its own, lower, position, so
-- after a logical restore every processor, realtime instance and the feed relay see none of the
-- restored events, and new events would sort before them. A physical restore (base backup + WAL,
-- point-in-time recovery) keeps the counter and needs none of this.
--
-- What: every stored event gets transaction id 3 (the lowest normal id: below anything the new
-- cluster will assign), so the restored log reads in global_position order, before every new
-- event. Each checkpoint (t/p) becomes 3/p', where p' is the last position before the first
-- event that processor had NOT processed under the old order: nothing is skipped; an event
-- committed out of order right at a checkpoint may be processed again (at least once, as always).
-- Re-publish jobs are converted the same way (their start conservatively, their end inclusively).
--
-- Run with every service stopped, once, on the restored database:
--   psql "$DATABASE_URL" -v ON_ERROR_STOP=1 -f deploy/sql/rebase-after-logical-restore.sql
-- Then `VACUUM (ANALYZE) eventstore.events;` (the UPDATE rewrote every row). Running it again changes nothing. Only for the PostgreSQL event store (with EVENTSTORE_URL the
-- events live in EventStoreDB and checkpoints hold its positions: see docs/operations.md).
BEGIN;

LOCK TABLE eventstore.events, eventstore.checkpoints IN EXCLUSIVE MODE;

DO $guard$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM eventstore.events) AND EXISTS (SELECT 1 FROM eventstore.checkpoints WHERE checkpoint <> '') THEN
    RAISE EXCEPTION 'eventstore.events is empty but checkpoints exist: EventStoreDB deployment? This script is for the PostgreSQL event store only.';
  END IF;
END
$guard$;

-- The old order's "processed up to here" (t/p) as a position in the new order: everything before
-- the first event the processor had not processed; the head of the log when it had processed all.
CREATE OR REPLACE FUNCTION pg_temp.rebased(old_checkpoint text) RETURNS text LANGUAGE sql STABLE AS $fn$
  SELECT CASE
    WHEN old_checkpoint IS NULL OR old_checkpoint = '' OR old_checkpoint LIKE '3/%' THEN old_checkpoint
    ELSE '3/' || coalesce(
      (SELECT min(e.global_position) - 1 FROM eventstore.events e
        WHERE (e.transaction_id, e.global_position) >
              (split_part(old_checkpoint, '/', 1)::xid8, split_part(old_checkpoint, '/', 2)::bigint)),
      (SELECT coalesce(max(e.global_position), 0) FROM eventstore.events e))::text
  END
$fn$;

-- An inclusive end (t/p): the last position of an event at or before it in the old order.
CREATE OR REPLACE FUNCTION pg_temp.rebased_end(old_checkpoint text) RETURNS text LANGUAGE sql STABLE AS $fn$
  SELECT CASE
    WHEN old_checkpoint IS NULL OR old_checkpoint = '' OR old_checkpoint LIKE '3/%' THEN old_checkpoint
    ELSE '3/' || coalesce(
      (SELECT max(e.global_position) FROM eventstore.events e
        WHERE (e.transaction_id, e.global_position) <=
              (split_part(old_checkpoint, '/', 1)::xid8, split_part(old_checkpoint, '/', 2)::bigint)),
      0)::text
  END
$fn$;

-- Checkpoints first: they are converted against the old order.
UPDATE eventstore.checkpoints SET checkpoint = pg_temp.rebased(checkpoint), updated_at = now()
 WHERE checkpoint ~ '^[0-9]+/[0-9]+$' AND checkpoint NOT LIKE '3/%';

DO $jobs$
BEGIN
  IF to_regclass('auction.feed_republish_jobs') IS NOT NULL THEN
    UPDATE auction.feed_republish_jobs
       SET start_checkpoint = pg_temp.rebased(start_checkpoint), until_checkpoint = pg_temp.rebased_end(until_checkpoint)
     WHERE status IN ('PENDING', 'RUNNING');
  END IF;
END
$jobs$;

UPDATE eventstore.events SET transaction_id = '3'::xid8 WHERE transaction_id <> '3'::xid8;

COMMIT;
