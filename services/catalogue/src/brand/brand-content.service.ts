import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { appendInTransaction } from '@trackside/event-store';
import type { DataSource, EntityManager } from 'typeorm';
import { z } from 'zod';
import { CLOCK, type Clock } from '@trackside/platform';
import { validationError, zodIssues } from '../common/catalogue-error';
import { BRAND_PAYMENT_EVENTS, brandStreamId, decodeBrandPaymentConfigured, type BrandPaymentConfiguredData } from '@trackside/contracts';
import { CatalogueEventStore } from '../infrastructure/event-store.provider';
import { ContentDocumentEntity, FaqEntity, PaymentConfigurationEntity } from '../persistence';
import { readPage } from '../content/content-documents';
import { FAQ_SECTIONS, PAYMENT_PROVIDERS } from './brand-configuration.defaults';
import type { AboutUsObject, FaqsByBrandObject, PaymentConfigurationObject } from './brand-configuration.object';

const faqListSchema = z.strictObject({
  section: z.enum(FAQ_SECTIONS),
  faqs: z.array(z.strictObject({ question: z.string().trim().min(1).max(500), answer: z.string().trim().min(1).max(20_000) })).max(100),
});

const aboutUsSchema = z.strictObject({
  title: z.string().trim().min(1).max(300),
  content: z.string().max(100_000),
  image: z.string().trim().max(2000).nullable().optional(),
});

const paymentConfigurationSchema = z.strictObject({
  provider: z.enum(PAYMENT_PROVIDERS),
  active: z.boolean(),
  stripePublishableKey: z.string().trim().max(500).nullable().optional(),
  appId: z.string().trim().max(500).nullable().optional(),
  locationId: z.string().trim().max(500).nullable().optional(),
});

/** FAQs by page section, the about-us page and the card provider settings of a brand. */
@Injectable()
export class BrandContentService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly events: CatalogueEventStore,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /**
   * Writes `BrandPaymentConfigured` (stream `brand-<brand>`, payments contract) through `tx`, the
   * transaction that changes the provider rows, when they differ from the last event: identity picks
   * the charging provider from it, and the change and its event commit together (docs/decisions.md
   * "Integration events commit with their state change"). At boot every brand with rows is compared
   * again (rows written before this rule, or by hand).
   */
  async publishPaymentConfiguration(brand: string, actorId: string | null, tx: EntityManager): Promise<boolean> {
    const rows = await tx.getRepository(PaymentConfigurationEntity).find({ where: { brand }, order: { provider: 'ASC' } });
    if (rows.length === 0) return false;
    const data: BrandPaymentConfiguredData = {
      brand,
      configurations: rows.map((row) => ({
        provider: row.provider,
        active: row.active,
        stripePublishableKey: row.stripePublishableKey,
        appId: row.appId,
        locationId: row.locationId,
      })),
    };
    const streamId = brandStreamId(brand);
    const history = await this.events.store.readStream(streamId);
    const last = [...history].reverse().find((event) => event.type === BRAND_PAYMENT_EVENTS.paymentConfigured);
    const previous = last ? decodeBrandPaymentConfigured(last) : null;
    if (previous && sameProviders(previous, data)) return false;
    const metadata = { brand, actorId, occurredAt: this.clock.now().toISOString() };
    await appendInTransaction(this.events.store, tx, [
      { streamId, events: [{ type: BRAND_PAYMENT_EVENTS.paymentConfigured, data, metadata }], expectedVersion: 'any' },
    ]);
    return true;
  }

  async publishAllPaymentConfigurations(): Promise<void> {
    const brands = await this.db.query<Array<{ brand: string }>>('SELECT DISTINCT brand FROM catalogue.payment_configurations');
    for (const { brand } of brands) await this.db.transaction((manager) => this.publishPaymentConfiguration(brand, null, manager));
  }

  async faqs(brand: string): Promise<FaqsByBrandObject> {
    const rows = await this.db.getRepository(FaqEntity).find({ where: { brand }, order: { section: 'ASC', position: 'ASC' } });
    const result: FaqsByBrandObject = { brand, home: [], media: [], paddock: [], simracing: [], directory: [], auction: [], sellMyCar: [] };
    for (const row of rows) {
      // A row of a section the page no longer has is not shown.
      const section = FAQ_SECTIONS.find((name) => name === row.section);
      if (section) result[section].push({ id: row.id, question: row.question, answer: row.answer });
    }
    return result;
  }

  /** Replaces one section's questions (staff). */
  async replaceFaqs(brand: string, data: unknown): Promise<FaqsByBrandObject> {
    const parsed = faqListSchema.safeParse(data);
    if (!parsed.success) throw validationError(zodIssues(parsed.error));
    const now = this.clock.now();
    await this.db.transaction(async (manager) => {
      await manager.delete(FaqEntity, { brand, section: parsed.data.section });
      if (parsed.data.faqs.length > 0) {
        await manager.insert(
          FaqEntity,
          parsed.data.faqs.map((faq, position) => ({
            id: randomUUID(),
            brand,
            section: parsed.data.section,
            ...faq,
            position,
            createdAt: now,
          })),
        );
      }
    });
    return this.faqs(brand);
  }

  async aboutUs(brand: string): Promise<AboutUsObject | null> {
    const row = await this.db.getRepository(ContentDocumentEntity).findOneBy({ brand, kind: 'aboutUs', slug: '' });
    if (!row) return null;
    return { id: `${brand}:aboutUs`, brand, ...readPage(row.data) };
  }

  async updateAboutUs(brand: string, data: unknown): Promise<AboutUsObject> {
    const parsed = aboutUsSchema.safeParse(data);
    if (!parsed.success) throw validationError(zodIssues(parsed.error));
    await this.db
      .getRepository(ContentDocumentEntity)
      .save({ brand, kind: 'aboutUs', slug: '', data: parsed.data, updatedAt: this.clock.now() });
    return (await this.aboutUs(brand))!;
  }

  /**
   * The brand's card providers. The client uses the active one; with none stored the answer is the
   * spec's default, SQUARE (spec 000 section 1: "the first unless the second is active").
   */
  async paymentConfigurations(brand: string): Promise<PaymentConfigurationObject[]> {
    const rows = await this.db.getRepository(PaymentConfigurationEntity).find({ where: { brand }, order: { provider: 'ASC' } });
    if (rows.length === 0) {
      return [
        { id: `${brand}:SQUARE`, brand, provider: 'SQUARE', active: true, stripePublishableKey: null, appId: null, locationId: null },
      ];
    }
    return rows.map((row) => ({ ...row }));
  }

  async updatePaymentConfiguration(brand: string, data: unknown, actorId: string | null = null): Promise<PaymentConfigurationObject[]> {
    const parsed = paymentConfigurationSchema.safeParse(data);
    if (!parsed.success) throw validationError(zodIssues(parsed.error));
    await this.db.transaction(async (manager) => {
      // One change of a brand's providers at a time: each compares with the event the previous one committed.
      await manager.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`catalogue.payment_configurations:${brand}`]);
      const repository = manager.getRepository(PaymentConfigurationEntity);
      // One active provider per brand: activating one deactivates the others.
      if (parsed.data.active) await repository.update({ brand }, { active: false });
      const existing = await repository.findOneBy({ brand, provider: parsed.data.provider });
      await repository.save({
        id: existing?.id ?? randomUUID(),
        brand,
        provider: parsed.data.provider,
        active: parsed.data.active,
        stripePublishableKey: parsed.data.stripePublishableKey ?? existing?.stripePublishableKey ?? null,
        appId: parsed.data.appId ?? existing?.appId ?? null,
        locationId: parsed.data.locationId ?? existing?.locationId ?? null,
      });
      await this.publishPaymentConfiguration(brand, actorId, manager);
    });
    return this.paymentConfigurations(brand);
  }
}

/**
 * Whether two announcements name the same provider rows. Compared field by field: the stored event
 * comes back from jsonb with its keys reordered, so comparing JSON texts always saw a change and
 * appended the same configuration again on every save and boot.
 */
function sameProviders(a: BrandPaymentConfiguredData, b: BrandPaymentConfiguredData): boolean {
  const rows = (data: BrandPaymentConfiguredData) =>
    JSON.stringify(
      data.configurations.map((row) => [
        row.provider,
        row.active,
        row.stripePublishableKey ?? null,
        row.appId ?? null,
        row.locationId ?? null,
      ]),
    );
  return a.brand === b.brand && rows(a) === rows(b);
}
