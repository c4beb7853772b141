import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { eventDataRecord, UPLOAD_EVENTS, uploadStreamId } from '@trackside/contracts';
import { CatalogueEventStore } from '../../src/infrastructure/event-store.provider';
import { UploadsBackfill } from '../../src/uploads/uploads-backfill';
import { CatalogueTestApp, type TestUser } from '../support/catalogue-test-app';

/**
 * Issue 18, L9: the catalogue announces each stored upload (`UploadStored` on `upload-<id>`: brand
 * and uploader) so the auction service can refuse lot images that are not the seller's own uploads.
 */
describe('uploads are announced on the event log (e2e, PostgreSQL)', () => {
  let app: CatalogueTestApp;
  let user: TestUser;
  let png: Buffer;

  beforeAll(async () => {
    app = await CatalogueTestApp.create({ seed: false });
    user = app.user({ brand: 'jewelry' });
    png = await sharp({ create: { width: 40, height: 30, channels: 3, background: { r: 10, g: 20, b: 30 } } })
      .png()
      .toBuffer();
  });
  afterAll(async () => {
    await app?.close();
  });

  const store = () => app.service.app.get(CatalogueEventStore).store;

  async function uploadTwo(): Promise<string[]> {
    const form = new FormData();
    for (const name of ['a.png', 'b.png']) form.append('files', new Blob([new Uint8Array(png)]), name);
    const response = await fetch(`${app.service.url}/upload`, {
      method: 'POST',
      headers: { authorization: `Bearer ${user.token}`, 'x-brand': 'jewelry' },
      body: form,
    });
    expect(response.status).toBe(200);
    return ((await response.json()) as Array<{ id: string }>).map((file) => file.id);
  }

  it('each stored file has its UploadStored event (brand, uploader, mime) by the time the answer arrives', async () => {
    for (const id of await uploadTwo()) {
      const events = await store().readStream(uploadStreamId(id));
      expect(events.map((event) => event.type)).toEqual([UPLOAD_EVENTS.stored]);
      expect(events[0]!.data).toEqual({ uploadId: id, brand: 'jewelry', userId: user.id, mime: 'image/png' });
      expect(events[0]!.metadata).toMatchObject({ brand: 'jewelry', actorId: user.id });
    }
  });

  it('the boot backfill announces files stored before the events existed, once', async () => {
    const [old] = await uploadTwo();
    // A file from before the announcements: its row without its event.
    await app.service.app.get(CatalogueEventStore).pool.query(`DELETE FROM eventstore.events WHERE stream_id = $1`, [uploadStreamId(old!)]);
    await app.service.app
      .get(CatalogueEventStore)
      .pool.query(`DELETE FROM eventstore.streams WHERE stream_id = $1`, [uploadStreamId(old!)]);
    expect(await store().readStream(uploadStreamId(old!))).toEqual([]);

    const backfill = app.service.app.get(UploadsBackfill);
    expect(await backfill.run()).toBe(1);
    const events = await store().readStream(uploadStreamId(old!));
    expect(events.map((event) => [event.type, eventDataRecord(event).userId])).toEqual([[UPLOAD_EVENTS.stored, user.id]]);
    expect(await backfill.run()).toBe(0);
  });
});
