import type pg from 'pg';

/**
 * The `eventstore` schema (docs/architecture.md section 2), created idempotently. `append_many` does a
 * batch of appends in one round trip: per stream an optimistic check on the stream row, the insert and
 * a pg_notify, all in the caller's single statement transaction (`append_events` is its one-stream
 * form). Expected version codes: >= 0 exact (0 = no stream), -1 any, -2 no_stream, -3 stream_exists.
 */
export const EVENT_STORE_SCHEMA_SQL = `
CREATE SCHEMA IF NOT EXISTS eventstore;

CREATE TABLE IF NOT EXISTS eventstore.streams (
  stream_id text PRIMARY KEY,
  version bigint NOT NULL,
  order_tx xid8
);

-- order_tx (the transaction id the stream's last events carry, see append_many) came after the
-- table; added, and filled from each stream's last event, only where it is missing, so a boot of an
-- up-to-date database takes no lock on the table. The functions below replace the old ones in the
-- same transaction, so no append runs between the fill and the new code.
DO $migrate$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_attribute WHERE attrelid = 'eventstore.streams'::regclass AND attname = 'order_tx' AND NOT attisdropped) THEN
    ALTER TABLE eventstore.streams ADD COLUMN order_tx xid8;
    UPDATE eventstore.streams s SET order_tx = e.transaction_id
      FROM eventstore.events e WHERE e.stream_id = s.stream_id AND e.version = s.version;
  END IF;
END
$migrate$;

CREATE TABLE IF NOT EXISTS eventstore.events (
  global_position bigint GENERATED ALWAYS AS IDENTITY,
  transaction_id xid8 NOT NULL DEFAULT pg_current_xact_id(),
  event_id uuid NOT NULL UNIQUE,
  stream_id text NOT NULL,
  version bigint NOT NULL,
  type text NOT NULL,
  data jsonb NOT NULL,
  metadata jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  PRIMARY KEY (stream_id, version)
);

CREATE INDEX IF NOT EXISTS events_tx_position_idx ON eventstore.events (transaction_id, global_position);

CREATE TABLE IF NOT EXISTS eventstore.checkpoints (
  processor_name text PRIMARY KEY,
  checkpoint text NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- Integration events written with their state change while the events live in another store
-- (EventStoreDB); OutboxRelay appends them there and deletes them. Empty on the PostgreSQL store.
CREATE TABLE IF NOT EXISTS eventstore.outbox (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  stream_id text NOT NULL,
  expected_version text NOT NULL,
  events jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE OR REPLACE FUNCTION eventstore.append_many(p_requests jsonb)
RETURNS TABLE (idx integer, next_version bigint, last_position bigint, actual_version bigint, conflict boolean)
LANGUAGE plpgsql AS $fn$
DECLARE
  r record;
  n integer;
  v_current bigint;
  v_next bigint;
  v_last bigint;
  v_order_tx xid8;
BEGIN
  -- The requests become typed rows in one pass (jsonb_to_recordset turns the JSON arrays into
  -- PostgreSQL arrays). Streams are locked in stream id order, not request order: two instances'
  -- batches naming the same lots in opposite orders would otherwise wait on each other ("deadlock
  -- detected"). Requests for one stream keep their order; each result row carries its request's index.
  FOR r IN SELECT (x.ordinality - 1)::integer AS i, x.*
             FROM ROWS FROM (jsonb_to_recordset(p_requests)
                    AS ("streamId" text, expected bigint, "eventIds" uuid[], types text[], data jsonb[], metadata jsonb[]))
                  WITH ORDINALITY AS x
            ORDER BY x."streamId" COLLATE "C", x.ordinality LOOP
    n := coalesce(array_length(r.types, 1), 0);
    v_next := NULL;
    -- Readers order by (transaction_id, global_position). A transaction's id is taken at its first
    -- write, the stream row lock only here, so a transaction with an older id can hold the lock after
    -- a younger one (it queued on the lock, or wrote other rows first) and would sort its higher
    -- versions before the younger one's lower versions. The events therefore carry the greater of
    -- our id and the id the stream's previous events carry (committed: we hold its row lock), which
    -- the stream row keeps as order_tx, so taking the lock also answers it. Never below our own id,
    -- so the readers' xmin horizon still holds them back while we are in flight (docs/decisions.md,
    -- "Event order follows the stream row lock").
    IF r.expected = -1 THEN
      INSERT INTO eventstore.streams AS s (stream_id, version, order_tx) VALUES (r."streamId", n, pg_current_xact_id())
        ON CONFLICT (stream_id) DO UPDATE SET version = s.version + n, order_tx = greatest(pg_current_xact_id(), s.order_tx)
        RETURNING s.version, s.order_tx INTO v_next, v_order_tx;
    ELSIF r.expected = -2 OR r.expected = 0 THEN
      INSERT INTO eventstore.streams (stream_id, version, order_tx) VALUES (r."streamId", n, pg_current_xact_id())
        ON CONFLICT (stream_id) DO NOTHING
        RETURNING version, order_tx INTO v_next, v_order_tx;
    ELSIF r.expected = -3 THEN
      UPDATE eventstore.streams s SET version = s.version + n, order_tx = greatest(pg_current_xact_id(), s.order_tx)
        WHERE s.stream_id = r."streamId" RETURNING s.version, s.order_tx INTO v_next, v_order_tx;
    ELSE
      UPDATE eventstore.streams s SET version = s.version + n, order_tx = greatest(pg_current_xact_id(), s.order_tx)
        WHERE s.stream_id = r."streamId" AND s.version = r.expected RETURNING s.version, s.order_tx INTO v_next, v_order_tx;
    END IF;
    IF v_next IS NULL THEN
      SELECT s.version INTO v_current FROM eventstore.streams s WHERE s.stream_id = r."streamId";
      RETURN QUERY SELECT r.i, NULL::bigint, NULL::bigint, v_current, true;
      CONTINUE;
    END IF;
    -- The last position comes from the insert itself, not from reading the rows back.
    WITH inserted AS (
      INSERT INTO eventstore.events (event_id, stream_id, version, type, data, metadata, transaction_id)
        SELECT r."eventIds"[k], r."streamId", v_next - n + k, r.types[k], r.data[k], r.metadata[k], v_order_tx
          FROM generate_subscripts(r.types, 1) AS k
        RETURNING global_position
    )
    SELECT max(inserted.global_position) INTO v_last FROM inserted;
    PERFORM pg_notify('eventstore_appended', r."streamId");
    RETURN QUERY SELECT r.i, v_next, v_last, v_next, false;
  END LOOP;
END
$fn$;

-- One stream's append (kept for callers of the single-stream form): append_many with one request.
CREATE OR REPLACE FUNCTION eventstore.append_events(
  p_stream_id text, p_expected bigint, p_event_ids uuid[], p_types text[], p_data jsonb[], p_metadata jsonb[]
) RETURNS TABLE (next_version bigint, last_position bigint, actual_version bigint, conflict boolean)
LANGUAGE sql AS $fn$
  SELECT m.next_version, m.last_position, m.actual_version, m.conflict
    FROM eventstore.append_many(jsonb_build_array(jsonb_build_object(
      'streamId', p_stream_id, 'expected', p_expected, 'eventIds', to_jsonb(p_event_ids), 'types', to_jsonb(p_types),
      'data', to_jsonb(p_data), 'metadata', to_jsonb(p_metadata)))) AS m
$fn$;
`;

export async function migrateEventStoreSchema(pool: pg.Pool | pg.Client): Promise<void> {
  // Serialise concurrent boots (several services/instances starting together).
  const client = 'connect' in pool && 'totalCount' in pool ? await (pool as pg.Pool).connect() : (pool as pg.Client);
  try {
    await client.query('SELECT pg_advisory_lock(hashtext($1))', ['eventstore:migrate']);
    try {
      await client.query(EVENT_STORE_SCHEMA_SQL);
    } finally {
      await client.query('SELECT pg_advisory_unlock(hashtext($1))', ['eventstore:migrate']);
    }
  } finally {
    if (client !== pool) (client as pg.PoolClient).release();
  }
}
