import type { TimelineRow } from './timeline';
import { formatInstant, personLabel } from './timeline';

/**
 * Evidence exports of the dispute desk (docs/back-office.md "Export evidence"): the shown rows as
 * JSON and CSV, both carrying the stream's version range and one SHA-256 over the canonical JSON
 * of the exported records, so a later export of the same rows, or the file itself, can be checked.
 *
 * Only facts of the log are hashed (ids, types, times, channel, codes, amounts, the event data):
 * names, messages and summaries are presentation that may change (a user renames themselves, a
 * message is reworded) without the history changing, so they sit beside the records, unhashed.
 *
 * Moderation rows (reports, comment moderation) live in their own streams: their records carry
 * `sourceStream` and `sourceVersion`, and `version` stays null so the version range is the lot's
 * alone. Lot events and refused attempts never carry those two keys, so a record of theirs hashes
 * exactly as it did before moderation was exported (earlier exports still verify).
 */
export const EVIDENCE_FORMAT = 'trackside.lot-evidence/1';

export interface EvidenceRecord {
  kind: 'event' | 'refused' | 'moderation';
  version: number | null;
  globalPosition: string;
  eventId: string | null;
  type: string;
  occurredAt: string;
  recordedAt: string;
  actorId: string | null;
  correlationId: string | null;
  causationId: string | null;
  channel: string | null;
  code: string | null;
  bidId: string | null;
  /** A number for events; for a refused attempt the amount exactly as received (text). */
  amount: number | string | null;
  suppressedCount: number | null;
  data: unknown;
  /** Moderation records only (absent, not null, elsewhere: the hash of other records is unchanged). */
  sourceStream?: string | null;
  sourceVersion?: number | null;
}

export interface EvidenceExport {
  format: typeof EVIDENCE_FORMAT;
  lotId: string;
  title: string | null;
  brand: string | null;
  currency: string;
  exportedAt: string;
  versionRange: { from: number | null; to: number | null; streamVersion: number };
  filter: { personId: string | null; types: string[] };
  recordCount: number;
  hashAlgorithm: 'SHA-256';
  hashOf: string;
  sha256: string;
  records: EvidenceRecord[];
  /** Unhashed: display names by user id, and each refused attempt's message by code. */
  people: Record<string, string>;
  messages: Record<string, string>;
}

export function evidenceRecord(row: TimelineRow): EvidenceRecord {
  return {
    kind: row.kind,
    version: row.version,
    globalPosition: row.globalPosition,
    eventId: row.eventId,
    type: row.type,
    occurredAt: row.at,
    recordedAt: row.recordedAt,
    actorId: row.actorId ?? row.actor?.id ?? null,
    correlationId: row.correlationId,
    causationId: row.causationId,
    channel: row.channel,
    code: row.code,
    bidId: row.bidId,
    amount: row.kind === 'refused' ? row.receivedAmount : row.amount,
    suppressedCount: row.suppressedCount,
    data: row.data ?? null,
    ...(row.kind === 'moderation' ? { sourceStream: row.sourceStream, sourceVersion: row.sourceVersion } : {}),
  };
}

/** JSON with object keys sorted at every depth and no spaces: one text for one value. */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value ?? null);
  if (Array.isArray(value)) return `[${value.map((item) => canonicalJson(item === undefined ? null : item)).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, item]) => item !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(',')}}`;
}

/** Lower-case hex SHA-256 of the text's UTF-8 bytes (Web Crypto). */
export async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

export function hashRecords(records: readonly EvidenceRecord[]): Promise<string> {
  return sha256Hex(canonicalJson(records));
}

export interface EvidenceContext {
  lotId: string;
  title: string | null;
  brand: string | null;
  currency: string;
  streamVersion: number;
  filter: { personId: string | null; types: string[] };
  exportedAt: Date;
}

export async function buildEvidence(rows: readonly TimelineRow[], context: EvidenceContext): Promise<EvidenceExport> {
  const records = rows.map(evidenceRecord);
  const versions = records.map((record) => record.version).filter((version): version is number => version !== null);
  const people: Record<string, string> = {};
  const messages: Record<string, string> = {};
  for (const row of rows) {
    for (const person of [row.actor, row.bidder, row.subject]) if (person) people[person.id] = personLabel(person);
    if (row.code && row.message) messages[row.code] = row.message;
  }
  return {
    format: EVIDENCE_FORMAT,
    lotId: context.lotId,
    title: context.title,
    brand: context.brand,
    currency: context.currency,
    exportedAt: context.exportedAt.toISOString(),
    versionRange: {
      from: versions.length > 0 ? Math.min(...versions) : null,
      to: versions.length > 0 ? Math.max(...versions) : null,
      streamVersion: context.streamVersion,
    },
    filter: { personId: context.filter.personId, types: [...context.filter.types] },
    recordCount: records.length,
    hashAlgorithm: 'SHA-256',
    hashOf: 'the canonical JSON (keys sorted, no spaces) of `records`',
    sha256: await hashRecords(records),
    records,
    people,
    messages,
  };
}

export function evidenceJson(evidence: EvidenceExport): string {
  return `${JSON.stringify(evidence, null, 2)}\n`;
}

/**
 * One CSV field (RFC 4180): quoted when it holds a comma, quote, line break or edge space, quotes
 * doubled. Text that a spreadsheet would run as a formula (= + - @, tab, CR first) gets a leading
 * apostrophe; the hash is over the JSON records, so this display guard never touches the evidence.
 */
export function csvField(value: unknown): string {
  if (value === null || value === undefined) return '';
  let text = typeof value === 'string' ? value : typeof value === 'object' ? canonicalJson(value) : String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]|^\s|\s$/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

const CSV_COLUMNS = [
  'kind',
  'version',
  'globalPosition',
  'eventId',
  'type',
  'occurredAt',
  'recordedAt',
  'actorId',
  'actor',
  'bidder',
  'amount',
  'currency',
  'bidId',
  'correlationId',
  'causationId',
  'channel',
  'code',
  'suppressedCount',
  'message',
  'summary',
  'data',
  'subject',
  'sourceStream',
  'sourceVersion',
] as const;

export function evidenceCsv(evidence: EvidenceExport, rows: readonly TimelineRow[]): string {
  const range = evidence.versionRange;
  const preamble = [
    ['# lot', evidence.lotId],
    ['# title', evidence.title ?? ''],
    ['# versions', `${range.from ?? '-'}..${range.to ?? '-'} of ${range.streamVersion}`],
    ['# records', String(evidence.recordCount)],
    ['# sha256', evidence.sha256],
    ['# hash of', `${evidence.hashOf} of the JSON export of the same rows`],
    ['# exported', formatInstant(evidence.exportedAt)],
  ];
  const lines = preamble.map((cells) => cells.map(csvField).join(','));
  lines.push(CSV_COLUMNS.join(','));
  rows.forEach((row, index) => {
    const record = evidence.records[index]!;
    const cells: Record<(typeof CSV_COLUMNS)[number], unknown> = {
      ...record,
      actor: row.actor ? personLabel(row.actor) : row.actorId,
      bidder: row.bidder ? personLabel(row.bidder) : null,
      currency: record.amount === null ? null : evidence.currency,
      message: row.message,
      summary: row.summary,
      subject: row.subject ? personLabel(row.subject) : null,
      sourceStream: record.sourceStream ?? null,
      sourceVersion: record.sourceVersion ?? null,
    };
    lines.push(CSV_COLUMNS.map((column) => csvField(cells[column])).join(','));
  });
  return `${lines.join('\r\n')}\r\n`;
}

export interface VerifyResult {
  /** The file's records still hash to the hash it states (it was not edited). */
  intact: boolean;
  stated: string | null;
  computed: string;
  /** Records identical to the lot's log today, records that differ, records the log no longer has. */
  same: number;
  changed: string[];
  missing: string[];
}

function recordKey(record: Pick<EvidenceRecord, 'kind' | 'eventId' | 'globalPosition'>): string {
  return record.kind !== 'refused' && record.eventId ? record.eventId : `refused:${record.globalPosition}`;
}

/** Checks a JSON export against itself (hash) and against the lot's timeline now (record by record). */
export async function verifyEvidence(fileText: string, current: readonly TimelineRow[]): Promise<VerifyResult> {
  const parsed = JSON.parse(fileText) as Partial<EvidenceExport>;
  if (parsed.format !== EVIDENCE_FORMAT || !Array.isArray(parsed.records)) throw new Error('This is not a lot evidence export (JSON).');
  const computed = await hashRecords(parsed.records);
  const now = new Map(current.map((row) => [row.key, canonicalJson(evidenceRecord(row))]));
  const result: VerifyResult = {
    intact: computed === parsed.sha256,
    stated: parsed.sha256 ?? null,
    computed,
    same: 0,
    changed: [],
    missing: [],
  };
  for (const record of parsed.records) {
    const key = recordKey(record);
    const today = now.get(key);
    if (today === undefined) result.missing.push(key);
    else if (today === canonicalJson(record)) result.same += 1;
    else result.changed.push(key);
  }
  return result;
}
