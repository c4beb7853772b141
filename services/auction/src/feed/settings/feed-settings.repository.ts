import type { SqlExecutor } from '@trackside/event-store';

export interface FeedBrandSettings {
  brand: string;
  enabled: boolean;
  /** Null: every event type the feed knows, including ones added later. */
  eventTypes: string[] | null;
  /** Checkpoint of the log when the feed was (last) enabled: earlier events are not relayed live. */
  enabledFrom: string | null;
  enabledAt: Date | null;
  updatedBy: string | null;
  updatedAt: Date;
}

interface SettingsRow {
  brand: string;
  enabled: boolean;
  event_types: string[] | null;
  enabled_from: string | null;
  enabled_at: Date | null;
  updated_by: string | null;
  updated_at: Date;
}

const toSettings = (row: SettingsRow): FeedBrandSettings => ({
  brand: row.brand,
  enabled: row.enabled,
  eventTypes: row.event_types,
  enabledFrom: row.enabled_from,
  enabledAt: row.enabled_at,
  updatedBy: row.updated_by,
  updatedAt: row.updated_at,
});

/** Per-brand feed settings in `auction.feed_brand_settings` (no row: the feed is off). */
export class FeedSettingsRepository {
  constructor(private readonly db: SqlExecutor) {}

  async find(brand: string, options: { forUpdate?: boolean } = {}): Promise<FeedBrandSettings | null> {
    const [row] = await this.db.query<SettingsRow>(
      `SELECT brand, enabled, event_types, enabled_from, enabled_at, updated_by, updated_at
         FROM auction.feed_brand_settings WHERE brand = $1${options.forUpdate ? ' FOR UPDATE' : ''}`,
      [brand],
    );
    return row ? toSettings(row) : null;
  }

  async enabledBrands(): Promise<string[]> {
    const rows = await this.db.query<{ brand: string }>('SELECT brand FROM auction.feed_brand_settings WHERE enabled ORDER BY brand');
    return rows.map((row) => row.brand);
  }

  async save(settings: FeedBrandSettings): Promise<void> {
    await this.db.query(
      `INSERT INTO auction.feed_brand_settings (brand, enabled, event_types, enabled_from, enabled_at, updated_by, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7)
       ON CONFLICT (brand) DO UPDATE SET enabled = EXCLUDED.enabled, event_types = EXCLUDED.event_types,
         enabled_from = EXCLUDED.enabled_from, enabled_at = EXCLUDED.enabled_at, updated_by = EXCLUDED.updated_by,
         updated_at = EXCLUDED.updated_at`,
      [
        settings.brand,
        settings.enabled,
        settings.eventTypes,
        settings.enabledFrom,
        settings.enabledAt,
        settings.updatedBy,
        settings.updatedAt,
      ],
    );
  }
}
