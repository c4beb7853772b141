import type pg from 'pg';

/**
 * The `eventstore` schema (docs/architecture.md section 2), created idempotently. `append_events` does a
 * whole append in one round trip: optimistic check on the stream row, bulk insert, pg_notify, all in
 * the caller's single statement transaction. Expected version codes: >= 0 exact (0 = no stream),
 * -1 any, -2 no_stream, -3 stream_exists.
 */
export const EVENT_STORE_SCHEMA_SQL = `
CREATE SCHEMA IF NOT EXISTS eventstore;

CREATE TABLE IF NOT EXISTS eventstore.streams (
  stream_id text PRIMARY KEY,
  version bigint NOT NULL
);

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

CREATE OR REPLACE FUNCTION eventstore.append_events(
  p_stream_id text, p_expected bigint, p_event_ids uuid[], p_types text[], p_data jsonb[], p_metadata jsonb[]
) RETURNS TABLE (next_version bigint, last_position bigint, actual_version bigint, conflict boolean)
LANGUAGE plpgsql AS $fn$
DECLARE
  n integer := coalesce(array_length(p_types, 1), 0);
  v_current bigint;
  v_next bigint;
  v_last bigint;
  v_order_tx xid8;
BEGIN
  IF p_expected = -1 THEN
    INSERT INTO eventstore.streams AS s (stream_id, version) VALUES (p_stream_id, n)
      ON CONFLICT (stream_id) DO UPDATE SET version = s.version + n
      RETURNING s.version INTO v_next;
  ELSIF p_expected = -2 OR p_expected = 0 THEN
    INSERT INTO eventstore.streams (stream_id, version) VALUES (p_stream_id, n)
      ON CONFLICT (stream_id) DO NOTHING
      RETURNING version INTO v_next;
  ELSIF p_expected = -3 THEN
    UPDATE eventstore.streams SET version = version + n WHERE stream_id = p_stream_id RETURNING version INTO v_next;
  ELSE
    UPDATE eventstore.streams SET version = version + n WHERE stream_id = p_stream_id AND version = p_expected RETURNING version INTO v_next;
  END IF;

  IF v_next IS NULL THEN
    SELECT s.version INTO v_current FROM eventstore.streams s WHERE s.stream_id = p_stream_id;
    RETURN QUERY SELECT NULL::bigint, NULL::bigint, v_current, true;
    RETURN;
  END IF;

  -- Readers order by (transaction_id, global_position). A transaction's id is taken at its first
  -- write, the stream row lock only here, so a transaction with an older id can hold the lock after
  -- a younger one (it queued on the lock, or wrote other rows first) and would sort its higher
  -- versions before the younger one's lower versions. The events therefore carry the greater of our
  -- id and the stream's previous event's (committed: we hold its row lock, and this statement's
  -- snapshot is newer). Never below our own id, so the readers' xmin horizon still holds them back
  -- while we are in flight (docs/decisions.md, "Event order follows the stream row lock").
  SELECT greatest(pg_current_xact_id(),
           (SELECT e.transaction_id FROM eventstore.events e WHERE e.stream_id = p_stream_id AND e.version = v_next - n))
    INTO v_order_tx;

  INSERT INTO eventstore.events (event_id, stream_id, version, type, data, metadata, transaction_id)
    SELECT p_event_ids[i], p_stream_id, v_next - n + i, p_types[i], p_data[i], p_metadata[i], v_order_tx
      FROM generate_subscripts(p_types, 1) AS i;
  SELECT max(e.global_position) INTO v_last FROM eventstore.events e WHERE e.stream_id = p_stream_id AND e.version > v_next - n;
  PERFORM pg_notify('eventstore_appended', p_stream_id);
  RETURN QUERY SELECT v_next, v_last, v_next, false;
END
$fn$;

CREATE OR REPLACE FUNCTION eventstore.append_many(p_requests jsonb)
RETURNS TABLE (idx integer, next_version bigint, last_position bigint, actual_version bigint, conflict boolean)
LANGUAGE plpgsql AS $fn$
DECLARE
  r record;
  res record;
BEGIN
  -- Streams are locked in stream id order, not request order: two instances' batches naming the
  -- same lots in opposite orders would otherwise wait on each other ("deadlock detected"). Requests
  -- for one stream keep their order; each result row carries its request's index.
  FOR r IN SELECT value AS req, (ordinality - 1)::integer AS i
             FROM jsonb_array_elements(p_requests) WITH ORDINALITY
            ORDER BY value->>'streamId' COLLATE "C", ordinality LOOP
    SELECT * INTO res FROM eventstore.append_events(
      r.req->>'streamId',
      (r.req->>'expected')::bigint,
      ARRAY(SELECT (x)::uuid FROM jsonb_array_elements_text(r.req->'eventIds') AS x),
      ARRAY(SELECT x FROM jsonb_array_elements_text(r.req->'types') AS x),
      ARRAY(SELECT x FROM jsonb_array_elements(r.req->'data') AS x),
      ARRAY(SELECT x FROM jsonb_array_elements(r.req->'metadata') AS x));
    RETURN QUERY SELECT r.i, res.next_version, res.last_position, res.actual_version, res.conflict;
  END LOOP;
END
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
