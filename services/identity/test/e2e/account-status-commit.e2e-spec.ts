import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DataSource } from 'typeorm';
import { ACCOUNT_STATUS_EVENTS, userStreamId } from '@trackside/platform';
import { demoUserId } from '@trackside/identity-service';
import { IdentityEventStore } from '../../src/infrastructure/event-store.provider';
import { IdentityTestApp } from '../support/identity-test-app';

/**
 * UserBlocked commits with the block (docs/decisions.md "Integration events commit with their state
 * change"). Before, the event was appended on the event store's own connection just before the
 * block's commit, so a commit that failed after it (a deferred check here; a crash or a lost
 * connection in life) left every service refusing the tokens of an account that was never blocked.
 */
describe('account status events commit with the account change', () => {
  let app: IdentityTestApp;
  let db: DataSource;

  beforeAll(async () => {
    app = await IdentityTestApp.create();
    db = app.service.app.get(DataSource);
  });
  afterAll(async () => {
    await app?.close();
  });

  const blockedRow = async (id: string): Promise<boolean> =>
    ((await db.query(`SELECT blocked FROM identity.users WHERE id = $1`, [id])) as Array<{ blocked: boolean }>)[0]!.blocked;
  const blockedEvents = async (id: string): Promise<number> =>
    (await app.service.app.get(IdentityEventStore).store.readStream(userStreamId(id))).filter(
      (event) => event.type === ACCOUNT_STATUS_EVENTS.blocked,
    ).length;
  const block = async (id: string, staff: string) =>
    app.gql(`mutation($id: ID!) { blockUser(id: $id) { blocked } }`, { id }, { token: staff });

  it('a block whose commit fails after the event leaves neither the block nor UserBlocked; the retry writes both once', async () => {
    const id = demoUserId('trackside', 'bidder2');
    const staff = await app.staffToken();
    // Checked at the commit, after everything the block wrote (its event included).
    await db.query(`CREATE FUNCTION public.fail_commit() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'the commit failed'; END $$`);
    await db.query(`CREATE CONSTRAINT TRIGGER fail_commit AFTER UPDATE ON identity.users DEFERRABLE INITIALLY DEFERRED
      FOR EACH ROW WHEN (NEW.blocked AND NOT OLD.blocked) EXECUTE FUNCTION public.fail_commit()`);
    try {
      expect((await block(id, staff)).errors).toBeDefined();
    } finally {
      await db.query('DROP TRIGGER fail_commit ON identity.users');
      await db.query('DROP FUNCTION public.fail_commit()');
    }
    expect(await blockedRow(id)).toBe(false);
    expect(await blockedEvents(id)).toBe(0);

    expect((await block(id, staff)).errors).toBeUndefined();
    expect(await blockedRow(id)).toBe(true);
    expect(await blockedEvents(id)).toBe(1);
  });
});
