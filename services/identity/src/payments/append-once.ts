import { WrongExpectedVersionError, type EventStore } from '@trackside/event-store';
import { requestContext } from '@trackside/platform';
import type { PaymentEntity } from './entities/payment.entity';

/**
 * Appends a payment's one announcement (`payment-succeeded-<id>`, `payment-failed-<id>`): the
 * stream is written once with expected version `no_stream`, so a retry (a double submission, a
 * repeated notification) appends nothing more.
 */
export async function appendPaymentEventOnce(
  store: EventStore,
  streamId: string,
  type: string,
  data: object,
  payment: Pick<PaymentEntity, 'brand' | 'userId'>,
  now: Date,
): Promise<void> {
  try {
    await store.append(
      streamId,
      [
        {
          type,
          data,
          metadata: {
            brand: payment.brand,
            actorId: payment.userId,
            correlationId: requestContext.current()?.correlationId,
            occurredAt: now.toISOString(),
          },
        },
      ],
      { expectedVersion: 'no_stream' },
    );
  } catch (error) {
    // Already announced by an earlier attempt for the same payment.
    if (!(error instanceof WrongExpectedVersionError)) throw error;
  }
}
