import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { CLOCK, type Clock } from '@trackside/platform';
import type { DataSource, EntityManager } from 'typeorm';
import { updateRows } from '../common/sql-results';
import { NOTIFICATION_KIND_NAMES, type NotificationKind } from './notification-kinds';

export interface NewNotification {
  userId: string;
  brand: string;
  kind: NotificationKind;
  lotId: string;
  /** With user, kind and lot, the unique key: the same occurrence is stored (and sent) once. */
  occurrence: string;
  title: string;
  body: string;
  link: string;
}

export interface StoredNotification extends NewNotification {
  id: string;
  inApp: boolean;
  email: boolean;
  createdAt: Date;
  readAt: Date | null;
}

export interface Preference {
  kind: NotificationKind;
  inApp: boolean;
  email: boolean;
}

type Db = DataSource | EntityManager;

/**
 * The notifications and preferences tables (plain SQL; migration 1764480000000). A notification is
 * inserted once per (user, kind, lot, occurrence): a second insert of the same key does nothing
 * and answers null, so whoever inserted it is the one who emails it.
 */
@Injectable()
export class NotificationStore {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /**
   * Inserts the notifications that are new, in one statement whatever their number; answers those
   * (with the user's preferences applied), in the order given.
   */
  async add(manager: EntityManager, notes: NewNotification[]): Promise<StoredNotification[]> {
    if (notes.length === 0) return [];
    const preferences = await this.preferencesOf(manager, [...new Set(notes.map((note) => note.userId))]);
    const now = this.clock.now();
    const rows = notes.map((note) => ({
      ...note,
      id: randomUUID(),
      ...(preferences.get(note.userId)?.get(note.kind) ?? { inApp: true, email: true }),
    }));
    const column = <K extends keyof (typeof rows)[number]>(key: K) => rows.map((row) => row[key]);
    const inserted = await manager.query<Array<{ id: string }>>(
      `INSERT INTO identity.notifications (id, user_id, brand, kind, lot_id, occurrence, title, body, link, in_app, emailed, created_at, updated_at)
       SELECT id, user_id, brand, kind, lot_id, occurrence, title, body, link, in_app, emailed, $12, $12
         FROM unnest($1::uuid[], $2::uuid[], $3::text[], $4::text[], $5::uuid[], $6::text[], $7::text[], $8::text[], $9::text[], $10::boolean[], $11::boolean[])
           AS batch(id, user_id, brand, kind, lot_id, occurrence, title, body, link, in_app, emailed)
       ON CONFLICT (user_id, kind, lot_id, occurrence) DO NOTHING RETURNING id`,
      [
        column('id'),
        column('userId'),
        column('brand'),
        column('kind'),
        column('lotId'),
        column('occurrence'),
        column('title'),
        column('body'),
        column('link'),
        column('inApp'),
        column('email'),
        now,
      ],
    );
    const added = new Set(inserted.map((row) => row.id));
    return rows
      .filter((row) => added.has(row.id))
      .map(({ id, inApp, email, ...note }) => ({ ...note, id, inApp, email, createdAt: now, readAt: null }));
  }

  /**
   * Notices of a bidding war (outbid, maximum exceeded), at most one per user, lot and kind: while
   * the user's latest notification of that kind on the lot is younger than the window, it is updated
   * (the new amount, unread again, newest in the list) instead of adding one. One statement updates
   * those, one adds the others, whatever their number. Answers the notifications added (only a new
   * one may be emailed) and updated (both are pushed).
   */
  async addWithinWindow(
    manager: EntityManager,
    notes: NewNotification[],
    windowMs: number,
  ): Promise<{ added: StoredNotification[]; updated: StoredNotification[] }> {
    if (notes.length === 0) return { added: [], updated: [] };
    const now = this.clock.now();
    const updated = updateRows<NotificationRow>(
      await manager.query(
        `UPDATE identity.notifications n SET body = latest.body, updated_at = $5, read_at = NULL
           FROM (SELECT DISTINCT ON (wanted.user_id, wanted.lot_id, wanted.kind) found.id, wanted.body
                   FROM unnest($1::uuid[], $2::uuid[], $3::text[], $6::text[]) AS wanted(user_id, lot_id, body, kind)
                   JOIN identity.notifications found
                     ON found.user_id = wanted.user_id AND found.lot_id = wanted.lot_id AND found.kind = wanted.kind AND found.created_at > $4
                  ORDER BY wanted.user_id, wanted.lot_id, wanted.kind, found.created_at DESC) latest
          WHERE n.id = latest.id
          RETURNING n.*`,
        [
          notes.map((note) => note.userId),
          notes.map((note) => note.lotId),
          notes.map((note) => note.body),
          new Date(now.getTime() - windowMs),
          now,
          notes.map((note) => note.kind),
        ],
      ),
    ).map(fromRow);
    const key = (note: { userId: string; lotId: string | null; kind: string }): string => `${note.userId} ${note.lotId} ${note.kind}`;
    const done = new Set(updated.map(key));
    const added = await this.add(
      manager,
      notes.filter((note) => !done.has(key(note))),
    );
    return { added, updated };
  }

  async preferencesOf(db: Db, userIds: string[]): Promise<Map<string, Map<NotificationKind, { inApp: boolean; email: boolean }>>> {
    const rows = await db.query<Array<{ user_id: string; kind: NotificationKind; in_app: boolean; email: boolean }>>(
      `SELECT user_id, kind, in_app, email FROM identity.notification_preferences WHERE user_id = ANY($1::uuid[])`,
      [userIds],
    );
    const map = new Map<string, Map<NotificationKind, { inApp: boolean; email: boolean }>>();
    for (const row of rows) {
      const ofUser = map.get(row.user_id) ?? new Map<NotificationKind, { inApp: boolean; email: boolean }>();
      ofUser.set(row.kind, { inApp: row.in_app, email: row.email });
      map.set(row.user_id, ofUser);
    }
    return map;
  }

  /** Every kind's preference of the user (defaults for kinds never set). */
  async preferences(userId: string): Promise<Preference[]> {
    const set = (await this.preferencesOf(this.db, [userId])).get(userId);
    return NOTIFICATION_KIND_NAMES.map((kind) => ({ kind, inApp: set?.get(kind)?.inApp ?? true, email: set?.get(kind)?.email ?? true }));
  }

  async setPreference(
    userId: string,
    kind: NotificationKind,
    change: { inApp?: boolean | null; email?: boolean | null },
  ): Promise<Preference> {
    const current = (await this.preferences(userId)).find((preference) => preference.kind === kind)!;
    const next = { kind, inApp: change.inApp ?? current.inApp, email: change.email ?? current.email };
    await this.db.query(
      `INSERT INTO identity.notification_preferences (user_id, kind, in_app, email, updated_at) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (user_id, kind) DO UPDATE SET in_app = EXCLUDED.in_app, email = EXCLUDED.email, updated_at = EXCLUDED.updated_at`,
      [userId, kind, next.inApp, next.email, this.clock.now()],
    );
    return next;
  }

  /** The user's in-app notifications, newest first (most recently updated first). */
  async list(userId: string, brand: string, limit: number): Promise<StoredNotification[]> {
    const rows = await this.db.query<NotificationRow[]>(
      `SELECT * FROM identity.notifications WHERE user_id = $1 AND brand = $2 AND in_app ORDER BY updated_at DESC, id LIMIT $3`,
      [userId, brand, limit],
    );
    return rows.map(fromRow);
  }

  async unreadCount(userId: string, brand: string): Promise<number> {
    const rows = await this.db.query<Array<{ count: string }>>(
      `SELECT count(*)::text AS count FROM identity.notifications WHERE user_id = $1 AND brand = $2 AND in_app AND read_at IS NULL`,
      [userId, brand],
    );
    return Number(rows[0]?.count ?? 0);
  }

  /** Marks the given notifications (all of the user's when ids is null) read; answers how many changed. */
  async markRead(userId: string, brand: string, ids: string[] | null): Promise<number> {
    const result = await this.db.query(
      `UPDATE identity.notifications SET read_at = $3
        WHERE user_id = $1 AND brand = $2 AND read_at IS NULL AND ($4::uuid[] IS NULL OR id = ANY($4::uuid[])) RETURNING id`,
      [userId, brand, this.clock.now(), ids],
    );
    return updateRows(result).length;
  }
}

interface NotificationRow {
  id: string;
  user_id: string;
  brand: string;
  kind: NotificationKind;
  lot_id: string;
  occurrence: string;
  title: string;
  body: string;
  link: string;
  in_app: boolean;
  emailed: boolean;
  updated_at: Date;
  read_at: Date | null;
}

function fromRow(row: NotificationRow): StoredNotification {
  return {
    id: row.id,
    userId: row.user_id,
    brand: row.brand,
    kind: row.kind,
    lotId: row.lot_id,
    occurrence: row.occurrence,
    title: row.title,
    body: row.body,
    link: row.link,
    inApp: row.in_app,
    email: row.emailed,
    createdAt: row.updated_at,
    readAt: row.read_at,
  };
}
