import { z } from 'zod';
import { eventDecoder, field } from '../codec/event-codec';

/**
 * The catalogue's uploads announced on the event log (issue 18, L9): which brand an uploaded file
 * belongs to and who uploaded it, so the auction service can refuse a lot image that is not the
 * seller's own upload (another user's file, another brand's, a made-up id) before the lot stores it.
 *
 * Stream `upload-<id>` (uploadStreamId), one `UploadStored` per file, appended by the catalogue in
 * the same database transaction as the file's row (PostgreSQL event store), and at boot for rows
 * stored before the event existed. Files are never reassigned, so the first event is the whole fact.
 * Data is version tolerant: readers ignore unknown fields.
 */
export const UPLOAD_EVENTS = {
  stored: 'UploadStored',
} as const;

export const UPLOAD_STREAM_PREFIX = 'upload-';

export function uploadStreamId(uploadId: string): string {
  return `${UPLOAD_STREAM_PREFIX}${uploadId}`;
}

export interface UploadStoredData {
  uploadId: string;
  brand: string;
  /** The user who uploaded the file; null for a file stored without one (nobody's: no lot may use it). */
  userId: string | null;
  /** image/jpeg or image/png. */
  mime: string;
}

/**
 * Version-tolerant decoder of `UploadStored`: the upload's id and its brand (data, else metadata)
 * are required; an upload without a recorded uploader reads `userId` '' (no lot may use it).
 */
export const decodeUploadStored = eventDecoder(
  UPLOAD_EVENTS.stored,
  z.object({ uploadId: field.id(), brand: field.id(), userId: field.text(), mime: field.text() }) satisfies z.ZodType<UploadStoredData>,
);
