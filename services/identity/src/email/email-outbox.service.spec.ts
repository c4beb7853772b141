import type { DataSource, EntityManager } from 'typeorm';
import { describe, expect, it } from 'vitest';
import type { IdentityConfig } from '../config/identity-config';
import { EmailOutbox, type OutgoingEmail } from './email-outbox.service';

// Issue 20: a processor's batch of emails is one statement with a fixed number of parameters
// (TypeORM's insert bound every column of every email, its cost growing with the square of the batch).

describe('EmailOutbox.enqueueMany', () => {
  it('writes 200 emails in one statement of thirteen parameters, each column an array', async () => {
    const statements: Array<{ sql: string; params: unknown[] }> = [];
    // Only `query`: an entity insert would fail here.
    const manager = {
      query: async (sql: string, params: unknown[] = []) => void statements.push({ sql: sql.replace(/\s+/g, ' ').trim(), params }),
    } as unknown as EntityManager;
    const at = new Date('2026-11-27T08:00:00.000Z');
    const outbox = new EmailOutbox(
      {} as DataSource,
      { EMAIL_FROM: 'Trackside <noreply@trackside.test>', SMTP_URL: '' } as IdentityConfig,
      { now: () => at } as never,
      { child: () => ({}) } as never,
    );
    const emails: OutgoingEmail[] = Array.from({ length: 200 }, (_, index) => ({
      brand: 'trackside',
      userId: index % 2 === 0 ? null : '11111111-1111-4111-8111-111111111111',
      to: `bidder${index}@trackside.test`,
      rendered: { template: 'outbid', subject: `Outbid ${index}`, text: `text ${index}`, html: `<p>${index}</p>` },
      ...(index === 0 ? { replyTo: 'someone@trackside.test', tag: 'email-seller' } : {}),
    }));
    await outbox.enqueueMany(manager, emails);

    expect(statements).toHaveLength(1);
    expect(statements[0]!.sql).toMatch(/^INSERT INTO identity\.email_outbox .* unnest\(/);
    const params = statements[0]!.params;
    expect(params).toHaveLength(13);
    expect(params[4]).toEqual(emails.map((email) => email.to));
    expect((params[6] as unknown[]).slice(0, 2)).toEqual(['someone@trackside.test', null]);
    expect(params.slice(10)).toEqual(['Trackside <noreply@trackside.test>', 'captured', at]);
    expect(new Set(params[0] as string[]).size).toBe(200);
  });
});
