import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  BRAND_EVENTS,
  CATALOGUE_ERROR_CODES,
  brandStreamId,
  type BrandAuctionConfiguredData,
  type BrandProfileConfiguredData,
} from '@trackside/contracts';
import { CLOCK, type Clock, type AuthUser, forbidden } from '@trackside/platform';
import { appendInTransaction, type SqlExecutor } from '@trackside/event-store';
import type { DataSource, EntityManager } from 'typeorm';
import { validationError, zodIssues } from '../common/catalogue-error';
import { fromCents } from '../common/money';
import { CatalogueEventStore } from '../infrastructure/event-store.provider';
import { BrandConfigurationEntity } from '../persistence';
import {
  DEFAULT_ANNOUNCEMENT_IMAGE,
  DEFAULT_FONT_STACK,
  DEFAULT_THEME,
  defaultBrandSettings,
  mergeSettings,
  type AuctionConfigurationData,
  type BrandSettings,
  type ThemeSettings,
} from './brand-configuration.defaults';
import type { BrandConfigurationObject } from './brand-configuration.object';
import { flagFor, settingsPatchSchema, type SettingsPatch } from './brand-configuration.patch';

export interface BrandConfiguration {
  brand: string;
  settings: BrandSettings;
  theme: ThemeSettings;
  updatedAt: Date | null;
}

/** Brand configuration: defaults merged with what staff saved; the auction part is published to the event store. */
@Injectable()
export class BrandConfigurationService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly events: CatalogueEventStore,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async get(brand: string, manager: EntityManager = this.db.manager): Promise<BrandConfiguration> {
    const row = await manager.getRepository(BrandConfigurationEntity).findOneBy({ brand });
    return {
      brand,
      settings: mergeSettings(defaultBrandSettings(brand), row?.settings ?? {}),
      theme: mergeSettings(DEFAULT_THEME, row?.theme ?? {}),
      updatedAt: row?.updatedAt ?? null,
    };
  }

  /**
   * Applies a staff edit: validated as a whole (nothing is saved when any part is wrong), each
   * top-level part checked against the flag that edits it.
   */
  async update(brand: string, data: unknown, user: AuthUser | null): Promise<BrandConfiguration> {
    const parsed = settingsPatchSchema.safeParse(data ?? {});
    if (!parsed.success) {
      const issues = zodIssues(parsed.error);
      const themeColour = parsed.error.issues.find(
        (issue) => issue.path[0] === 'theme' && /Color$|^(success|warning|info|error)$/.test(String(issue.path[1])),
      );
      throw validationError(issues, themeColour ? CATALOGUE_ERROR_CODES.themeColor : undefined);
    }
    const patch = parsed.data;
    if (user) {
      const missing = (Object.keys(patch) as Array<keyof SettingsPatch>).filter(
        (key) => !user.permissions.superAdmin && !user.permissions[flagFor(key)],
      );
      if (missing.length > 0) throw forbidden({ fields: missing, needs: [...new Set(missing.map(flagFor))] });
    }
    return this.db.transaction(async (manager) => {
      const repository = manager.getRepository(BrandConfigurationEntity);
      const row = await repository.findOne({ where: { brand }, lock: { mode: 'pessimistic_write' } });
      const { theme, auctionConfiguration, ...settings } = patch;
      const storedSettings = mergeSettings(row?.settings ?? {}, settings);
      if (auctionConfiguration) {
        const { bidMinimumIncrement, bidHoldAmount, bidIncrementLadder, ...rest } = auctionConfiguration;
        const stored = mergeSettings((storedSettings.auctionConfiguration as Record<string, unknown> | undefined) ?? {}, rest);
        if (bidMinimumIncrement !== undefined) stored.bidMinimumIncrementCents = bidMinimumIncrement;
        if (bidHoldAmount !== undefined) stored.bidHoldAmountCents = bidHoldAmount;
        if (bidIncrementLadder !== undefined) stored.bidIncrementLadder = bidIncrementLadder;
        storedSettings.auctionConfiguration = stored;
      }
      await repository.save({
        brand,
        settings: storedSettings,
        theme: mergeSettings(row?.theme ?? {}, theme ?? {}),
        updatedBy: user?.id ?? null,
        updatedAt: this.clock.now(),
      });
      const saved = await this.get(brand, manager);
      await this.publishAuctionConfiguration(saved, user?.id ?? null, manager);
      await this.publishProfile(saved, user?.id ?? null, manager);
      return saved;
    });
  }

  /**
   * Writes `BrandAuctionConfigured` through `tx`, the transaction that saves the configuration (its
   * row locked until the commit), when the brand's auction configuration differs from the last one
   * published: the change and its event commit together (docs/decisions.md "Integration events
   * commit with their state change"). At boot every saved brand is compared again (rows written
   * before this rule, or by hand).
   */
  async publishAuctionConfiguration(configuration: BrandConfiguration, actorId: string | null, tx: SqlExecutor): Promise<boolean> {
    const data = auctionEventData(configuration.brand, configuration.settings.auctionConfiguration);
    const streamId = brandStreamId(configuration.brand);
    const history = await this.events.store.readStream(streamId);
    const last = [...history].reverse().find((event) => event.type === BRAND_EVENTS.auctionConfigured);
    if (last && sameData(last.data, data)) return false;
    if (!last && sameData(auctionEventData(configuration.brand, defaultBrandSettings(configuration.brand).auctionConfiguration), data))
      return false;
    const metadata = { brand: configuration.brand, actorId, occurredAt: this.clock.now().toISOString() };
    await appendInTransaction(this.events.store, tx, [
      { streamId, events: [{ type: BRAND_EVENTS.auctionConfigured, data, metadata }], expectedVersion: 'any' },
    ]);
    return true;
  }

  /**
   * Writes `BrandProfileConfigured` (the brand's companyName) through `tx` when it differs from the
   * last one published, or none was and it is not the default: identity names the brand with it in
   * emails (issue 24 item 4), so "Trackside Jewelry", not the brand key "Jewelry".
   */
  async publishProfile(configuration: BrandConfiguration, actorId: string | null, tx: SqlExecutor): Promise<boolean> {
    const data = profileEventData(configuration);
    const streamId = brandStreamId(configuration.brand);
    const history = await this.events.store.readStream(streamId);
    const last = [...history].reverse().find((event) => event.type === BRAND_EVENTS.profileConfigured);
    if (last && sameData(last.data, data)) return false;
    const lookIsDefault = data.primaryColor === undefined && data.headerLogo === undefined;
    if (!last && lookIsDefault && data.companyName === defaultBrandSettings(configuration.brand).companyName) return false;
    const metadata = { brand: configuration.brand, actorId, occurredAt: this.clock.now().toISOString() };
    await appendInTransaction(this.events.store, tx, [
      { streamId, events: [{ type: BRAND_EVENTS.profileConfigured, data, metadata }], expectedVersion: 'any' },
    ]);
    return true;
  }

  async publishAll(): Promise<void> {
    const rows = await this.db.getRepository(BrandConfigurationEntity).find({ select: { brand: true } });
    for (const row of rows)
      await this.db.transaction(async (manager) => {
        const configuration = await this.get(row.brand, manager);
        await this.publishAuctionConfiguration(configuration, null, manager);
        await this.publishProfile(configuration, null, manager);
      });
  }
}

export function auctionEventData(brand: string, auction: AuctionConfigurationData): BrandAuctionConfiguredData {
  return {
    brand,
    sniperProtectionSeconds: auction.sniperProtectionTime,
    displayLimit: auction.displayLimit,
    dateRangeLimitDays: auction.dateRangeLimit,
    bidMinimumIncrementCents: auction.bidMinimumIncrementCents,
    reserveMeterEnabled: auction.reserveMeter.enabled,
    reserveMeterFillColor: auction.reserveMeter.fillColor,
    bidHoldRequired: auction.bidHoldRequired,
    bidHoldAmountCents: auction.bidHoldAmountCents,
    // Only a brand with a ladder announces one (issue 21): the events of every other brand stay as they were.
    ...(auction.bidIncrementLadder ? { bidIncrementLadder: auction.bidIncrementLadder } : {}),
    // Likewise the reminder hours: only a brand that chose its own announces them.
    ...(auction.endingReminderHours ? { endingReminderHours: auction.endingReminderHours } : {}),
  };
}

/**
 * `BrandProfileConfigured` data: the company name, and the theme's primary colour and header logo when
 * they differ from the default theme (identity draws its emails with them, issue 23).
 */
export function profileEventData(configuration: BrandConfiguration): BrandProfileConfiguredData {
  const { primaryColor, headerLogo } = configuration.theme;
  return {
    brand: configuration.brand,
    companyName: configuration.settings.companyName,
    ...(primaryColor && primaryColor.toLowerCase() !== DEFAULT_THEME.primaryColor.toLowerCase() ? { primaryColor } : {}),
    ...(headerLogo ? { headerLogo } : {}),
  };
}

function sameData<T extends BrandAuctionConfiguredData | BrandProfileConfiguredData>(a: unknown, b: T): boolean {
  const left = (a ?? {}) as Record<string, unknown>;
  const right = b as unknown as Record<string, unknown>;
  // Both sides' keys, compared as JSON: a ladder (an array) that was removed or changed is a change.
  // Both sides' keys of the optional fields: a ladder or a look that went back to the default is a change.
  const optional = new Set(['bidIncrementLadder', 'endingReminderHours', 'primaryColor', 'headerLogo']);
  const keys = new Set([...Object.keys(right), ...Object.keys(left).filter((key) => optional.has(key))]);
  return [...keys].every((key) => JSON.stringify(left[key]) === JSON.stringify(right[key]));
}

/** The GraphQL view of a configuration. */
export function toConfigurationObject(configuration: BrandConfiguration): BrandConfigurationObject {
  const { settings, theme } = configuration;
  const { bidMinimumIncrementCents, bidHoldAmountCents, bidIncrementLadder, ...auction } = settings.auctionConfiguration;
  return {
    id: configuration.brand,
    brand: configuration.brand,
    ...settings,
    announcement: settings.announcement
      ? { ...settings.announcement, image: settings.announcement.image || DEFAULT_ANNOUNCEMENT_IMAGE }
      : null,
    auctionConfiguration: {
      ...auction,
      bidMinimumIncrement: fromCents(bidMinimumIncrementCents),
      bidHoldAmount: fromCents(bidHoldAmountCents),
      bidIncrementLadder: bidIncrementLadder
        ? bidIncrementLadder.map((band) => ({
            below: band.belowCents === null ? null : fromCents(band.belowCents),
            increment: fromCents(band.incrementCents),
          }))
        : null,
      endingReminderHours: auction.endingReminderHours ?? null,
    },
    theme: {
      ...theme,
      primaryFontFamily: fontFamily(theme.primaryFont),
      secondaryFontFamily: fontFamily(theme.secondaryFont),
    },
    updatedAt: configuration.updatedAt,
  };
}

function fontFamily(font: string): string {
  const stack = [font, ...DEFAULT_FONT_STACK.filter((name) => name !== font)];
  return stack.map((name) => (name.includes(' ') ? `"${name}"` : name)).join(', ');
}
