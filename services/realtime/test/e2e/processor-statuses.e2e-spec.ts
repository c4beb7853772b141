import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NO_PERMISSIONS, signAccessToken, userStreamId } from '@trackside/platform';
import { EventStoreProvider } from '@trackside/auction-service';
import { TEST_JWT_SECRET } from '../../../auction/test/support/auction-test-app';
import { eventually, LiveStack, makeUser, type TestUser } from '../support/live-stack';

const BRAND = 'trackside';

interface Row {
  name: string;
  kind: string;
  position: string;
  lagEvents: number;
  lagSeconds: number;
  lastError: string | null;
  updatedAt: string;
}

/**
 * Tools > Processing status for the realtime gateway: it is not a GraphQL subgraph, so a
 * superAdmin's socket asks the instance it is connected to for its followers (docs/back-office.md "Tools").
 */
describe('processorStatuses over the realtime socket (e2e, PostgreSQL)', () => {
  let stack: LiveStack;
  let admin: string;
  let staff: TestUser;

  beforeAll(async () => {
    stack = await LiveStack.create();
    const id = randomUUID();
    admin = signAccessToken(
      {
        id,
        brand: BRAND,
        email: `admin-${id.slice(0, 8)}@example.test`,
        username: 'admin',
        confirmed: true,
        permissions: { ...NO_PERMISSIONS, superAdmin: true },
      },
      TEST_JWT_SECRET,
      3600,
    );
    staff = makeUser(BRAND, { name: 'staff', staff: true });
  });
  afterAll(async () => {
    await stack?.close();
  });

  const statuses = async (): Promise<Row[]> => {
    const client = await stack.client({ token: admin, brand: BRAND });
    try {
      const reply = await client.emit<Row[]>('processorStatuses', {});
      expect(reply.status).toBe('success');
      return reply.data!;
    } finally {
      client.close();
    }
  };
  const named = (rows: Row[], name: string): Row => rows.find((row) => row.name === name)!;

  it("lists this instance's followers (lots, brand increments, user notifications, account status) as followers with their lag", async () => {
    const rows = await eventually(statuses, (list) => list.length === 4 && list.every((row) => row.lagEvents === 0));
    expect(rows.map((row) => [row.name, row.kind])).toEqual([
      ['account-status', 'follower'],
      ['realtime-brand-increments', 'follower'],
      ['realtime-lots', 'follower'],
      ['realtime-user-notifications', 'follower'],
    ]);
    expect(rows.every((row) => row.lastError === null && !Number.isNaN(Date.parse(row.updatedAt)))).toBe(true);
  });

  it('moves the account status row past a block', async () => {
    const before = named(await statuses(), 'account-status');
    const userId = randomUUID();
    await stack.auction.service.app
      .get(EventStoreProvider)
      .store.append(
        userStreamId(userId),
        [{ type: 'UserBlocked', data: { userId, brand: BRAND }, metadata: { brand: BRAND, occurredAt: new Date().toISOString() } }],
        { expectedVersion: 'any' },
      );
    const after = await eventually(statuses, (list) => {
      const row = named(list, 'account-status');
      return row.position !== before.position && row.lagEvents === 0;
    });
    expect(named(after, 'account-status').position).toMatch(/^\d+\/\d+$/);
  });

  it('is for superAdmins only', async () => {
    for (const token of [staff.token, undefined]) {
      const client = await stack.client({ token, brand: BRAND });
      expect(await client.emit('processorStatuses', {})).toMatchObject({ status: 'failure', code: 'FORBIDDEN', message: 'Forbidden' });
      client.close();
    }
  });
});
