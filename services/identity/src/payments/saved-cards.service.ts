import { createHash, randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { CLOCK, type Clock, APP_LOGGER, type AppLogger, type AuthUser, type JsonLogger } from '@trackside/platform';
import type { DataSource } from 'typeorm';
import { isUuid } from '../common/auth-error';
import { cardFailureCode, paymentError } from './card-errors';
import { SavedCardEntity } from './entities/saved-card.entity';
import type { CardPaymentProvider } from './providers/payment-provider.port';
import { SandboxCardError } from './providers/sandbox-payment-provider';

/** A saved card as the payment dialog lists it (references stay on the server). */
export interface SavedCardView {
  id: string;
  cardBrand: string;
  last4: string;
  expMonth: number | null;
  expYear: number | null;
}

/**
 * The cards a user keeps with the brand's card provider: several per user, newest first (the newest
 * is the default), saved only when the provider's check passes (a declining card is not kept).
 */
@Injectable()
export class SavedCardsService {
  private readonly log: AppLogger;

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(APP_LOGGER) logger: JsonLogger,
  ) {
    this.log = logger.child(SavedCardsService.name);
  }

  async list(user: AuthUser, brand: string, adapter: string): Promise<SavedCardView[]> {
    const rows = await this.db.getRepository(SavedCardEntity).find({
      where: { brand, userId: user.id, adapter },
      order: { createdAt: 'DESC', id: 'DESC' },
    });
    return rows.map(viewOf);
  }

  /** The card to pay with: the one named, else the newest; null when the user has none (or not that one). */
  async find(user: AuthUser, brand: string, adapter: string, id: string | null): Promise<SavedCardEntity | null> {
    const repository = this.db.getRepository(SavedCardEntity);
    if (id !== null) return isUuid(id) ? repository.findOneBy({ id, brand, userId: user.id, adapter }) : null;
    return repository.findOne({ where: { brand, userId: user.id, adapter }, order: { createdAt: 'DESC', id: 'DESC' } });
  }

  /** Forgets the card at the provider first, then here: a provider that cannot be reached leaves it listed (502). */
  async remove(user: AuthUser, brand: string, adapter: CardPaymentProvider, id: unknown): Promise<SavedCardView[]> {
    if (typeof id !== 'string' || !isUuid(id)) throw paymentError('payment.validation', 'invalid', { field: 'id' });
    const repository = this.db.getRepository(SavedCardEntity);
    const card = await repository.findOneBy({ id, brand, userId: user.id, adapter: adapter.adapter });
    if (!card) throw paymentError('payment.savedCard.notFound', 'not-found');
    try {
      await adapter.removeCard(card.paymentMethodRef);
    } catch (error) {
      this.log.warn('Removing a card at the provider failed', { error: String(error) });
      throw paymentError('payment.api', 'upstream-failed');
    }
    await repository.delete({ id: card.id });
    return this.list(user, brand, adapter.adapter);
  }

  /** Saves the card behind a provider token after the provider's check; the same card again updates its row. */
  async save(user: AuthUser, brand: string, adapter: CardPaymentProvider, sourceId: string): Promise<SavedCardView> {
    const repository = this.db.getRepository(SavedCardEntity);
    const existing = await this.find(user, brand, adapter.adapter, null);
    let saved;
    try {
      saved = await adapter.saveCard({
        sourceId,
        customerRef: existing?.customerRef ?? null,
        email: user.email,
        idempotencyKey: `${brand}:${user.id}:card:${createHash('sha256').update(sourceId).digest('hex').slice(0, 32)}`,
      });
    } catch (error) {
      if (error instanceof SandboxCardError) throw paymentError(cardFailureCode(error.failure));
      this.log.warn('Saving a card failed', { error: String(error) });
      throw paymentError('payment.setupIntent.api', 'upstream-failed');
    }
    const now = this.clock.now();
    const row = {
      brand,
      userId: user.id,
      adapter: adapter.adapter,
      customerRef: saved.customerRef,
      paymentMethodRef: saved.paymentMethodRef,
      cardBrand: saved.cardBrand,
      last4: saved.last4,
      expMonth: saved.expMonth ?? null,
      expYear: saved.expYear ?? null,
      updatedAt: now,
    };
    const same = await repository.findOneBy({ brand, userId: user.id, adapter: adapter.adapter, paymentMethodRef: saved.paymentMethodRef });
    // Saved again: it becomes the newest (the default) and keeps its id.
    const id = same?.id ?? randomUUID();
    if (same) await repository.update({ id }, { ...row, createdAt: now });
    else await repository.insert({ id, ...row, createdAt: now });
    return viewOf({ ...row, id });
  }
}

function viewOf(row: Pick<SavedCardEntity, 'id' | 'cardBrand' | 'last4' | 'expMonth' | 'expYear'>): SavedCardView {
  return { id: row.id, cardBrand: row.cardBrand, last4: row.last4, expMonth: row.expMonth, expYear: row.expYear };
}
