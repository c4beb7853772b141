import { appendInTransaction, WrongExpectedVersionError, type EventStore, type NewEvent, type SqlExecutor } from '@trackside/event-store';
import { requestContext } from '@trackside/platform';
import type { PaymentEntity } from './entities/payment.entity';

/**
 * Appends a payment's one announcement (`payment-succeeded-<id>`, `payment-failed-<id>`): the
 * stream is written once with expected version `no_stream`, so a retry (a double submission, a
 * repeated notification) appends nothing more. With `tx` (the transaction that changes the
 * payment's status) the announcement commits with that change or not at all (docs/decisions.md
 * "Integration events commit with their state change"); without it, it is appended at once.
 */
export async function appendPaymentEventOnce(
  store: EventStore,
  streamId: string,
  type: string,
  data: object,
  payment: Pick<PaymentEntity, 'brand' | 'userId'>,
  now: Date,
  tx?: SqlExecutor,
): Promise<void> {
  const event: NewEvent = {
    type,
    data,
    metadata: {
      brand: payment.brand,
      actorId: payment.userId,
      correlationId: requestContext.current()?.correlationId,
      occurredAt: now.toISOString(),
    },
  };
  if (tx) return appendInTransaction(store, tx, [{ streamId, events: [event], expectedVersion: 'no_stream' }]);
  try {
    await store.append(streamId, [event], { expectedVersion: 'no_stream' });
  } catch (error) {
    // Already announced by an earlier attempt for the same payment.
    if (!(error instanceof WrongExpectedVersionError)) throw error;
  }
}
