import 'reflect-metadata';
import { describe, expect, it, vi } from 'vitest';
import { UserEntity } from '../persistence';
import { AuthService } from './auth.service';

// Issue 18, L6: an address that gets no email must do the database work of one that does (the
// cooldown query, the code and outbox rows, then a rollback), so the answer's time does not tell an
// unknown address from a registered one. The rows themselves are checked in
// test/e2e/enumeration.e2e-spec.ts (nothing is left behind).

function harness(found: Partial<UserEntity> | null, options: { cooldown?: boolean } = {}) {
  const calls = { transactions: 0, rolledBack: 0 };
  const db = {
    transaction: async (work: (manager: object) => Promise<unknown>) => {
      calls.transactions += 1;
      try {
        return await work({});
      } catch (error) {
        calls.rolledBack += 1;
        throw error;
      }
    },
  };
  const user = found ? Object.assign(new UserEntity(), { id: 'u1', brand: 'trackside', email: 'a@example.test', ...found }) : null;
  const emails = {
    sentRecently: vi.fn(async () => options.cooldown === true),
    queueConfirmation: vi.fn(async () => {}),
    queueReset: vi.fn(async () => {}),
    flush: vi.fn(),
  };
  const none = {} as never;
  const service = new AuthService(
    db as never,
    { findByEmail: async () => user } as never,
    none,
    none,
    { take: async () => {} } as never,
    none,
    emails as never,
    none,
    none,
    none,
    { now: () => new Date('2026-01-01T00:00:00Z') },
    { child: () => ({}) } as never,
  );
  return { service, emails, calls };
}

describe('an address that gets no email rehearses the send (issue 18, L6)', () => {
  it('resend: an unknown email does the same queries as an unconfirmed account, rolled back and not dispatched', async () => {
    const real = harness({ confirmed: false, blocked: false });
    const rehearsed = harness(null);
    expect(await real.service.resendConfirmation('a@example.test', 'trackside')).toEqual({ sent: true });
    expect(await rehearsed.service.resendConfirmation('nobody@example.test', 'trackside')).toEqual({ sent: true });
    for (const { emails, calls } of [real, rehearsed]) {
      expect(emails.sentRecently).toHaveBeenCalledTimes(1);
      expect(emails.queueConfirmation).toHaveBeenCalledTimes(1);
      expect(calls.transactions).toBe(1);
    }
    expect(real.calls.rolledBack).toBe(0);
    expect(rehearsed.calls.rolledBack).toBe(1);
    expect(rehearsed.emails.flush).not.toHaveBeenCalled();
    const [, standIn] = rehearsed.emails.queueConfirmation.mock.calls[0] as unknown as [object, UserEntity];
    expect(standIn).toMatchObject({ brand: 'trackside', email: 'nobody@example.test' });
  });

  it('resend within the cooldown rehearses too (a second request is as slow as the first)', async () => {
    const cooling = harness({ confirmed: false, blocked: false }, { cooldown: true });
    expect(await cooling.service.resendConfirmation('a@example.test', 'trackside')).toEqual({ sent: true });
    expect(cooling.emails.queueConfirmation).toHaveBeenCalledTimes(1);
    expect(cooling.calls.rolledBack).toBe(1);
  });

  it('forgot password: unknown and blocked emails do the work of a reset send, rolled back', async () => {
    for (const found of [null, { blocked: true }]) {
      const rehearsed = harness(found);
      await rehearsed.service.forgotPassword('someone@example.test', 'trackside');
      expect(rehearsed.emails.queueReset).toHaveBeenCalledTimes(1);
      expect(rehearsed.calls.rolledBack).toBe(1);
      expect(rehearsed.emails.flush).not.toHaveBeenCalled();
    }
    const real = harness({ blocked: false });
    await real.service.forgotPassword('a@example.test', 'trackside');
    expect(real.emails.queueReset).toHaveBeenCalledTimes(1);
    expect(real.calls.rolledBack).toBe(0);
    expect(real.emails.flush).toHaveBeenCalledTimes(1);
  });
});
