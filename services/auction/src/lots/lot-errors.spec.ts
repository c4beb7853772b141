import { AUCTION_INPUT_MESSAGES, messageFor } from '@trackside/contracts';
import { ApiError, createGraphQLErrorFormatter, DomainError, toApiError } from '@trackside/platform';
import { describe, expect, it } from 'vitest';
import { actorRequired, bidIdNotUuid, lotError, lotInputError, lotRefusal } from './lot-errors';
import { assertLotInput } from './lot-input-checks';

const formatter = createGraphQLErrorFormatter({ error: () => undefined });

/** What a client sees of an error: the REST status and body, and the GraphQL error. */
function seen(error: unknown): { status: number; body: unknown; graphql: unknown } {
  const api = error instanceof DomainError ? toApiError(error) : (error as ApiError);
  const graphql = formatter({ message: 'x', path: ['createBid'], extensions: { code: 'INTERNAL_SERVER_ERROR' } }, error);
  return { status: api.getStatus(), body: api.getResponse(), graphql };
}

// Issue 19 part 6: the lot commands refuse with domain errors, mapped only by the API layer. Each
// mapping must answer exactly what the ApiError it replaced answered (code, message, status, shape).
describe('lot command errors as data', () => {
  const cases: Array<[string, DomainError, ApiError]> = [
    [
      'a decider refusal',
      lotRefusal('bid.invalid.increment.notMet', messageFor('bid.invalid.increment.notMet')),
      new ApiError('bid.invalid.increment.notMet', messageFor('bid.invalid.increment.notMet')),
    ],
    [
      'a bid on a missing lot',
      lotError('bid.invalid.no.auction'),
      new ApiError('bid.invalid.no.auction', messageFor('bid.invalid.no.auction')),
    ],
    ['a bid id used by another bidder', lotError('bid.invalid'), new ApiError('bid.invalid', 'You cannot bid at this moment.')],
    ['a bid id that is not a UUID', bidIdNotUuid(), new ApiError('bid.invalid', 'The bid id must be a UUID.')],
    ['a staff action on a lot not visible', lotError('auction.notFound'), new ApiError('auction.notFound', messageFor('auction.notFound'))],
    ['a command without an actor', actorRequired(), new ApiError('FORBIDDEN', 'Forbidden', undefined, 403)],
    ['an input check', lotInputError('Please select a currency'), new ApiError('auction.validation', 'Please select a currency')],
  ];

  for (const [name, domain, before] of cases)
    it(`${name} answers what its ApiError answered`, () => {
      expect(domain).toBeInstanceOf(DomainError);
      expect(domain).not.toBeInstanceOf(ApiError);
      expect(seen(domain)).toEqual(seen(before));
    });

  it('input checks throw a domain error with the catalogue texts', () => {
    const thrown = (input: Parameters<typeof assertLotInput>[0]): unknown => {
      try {
        assertLotInput(input);
        return null;
      } catch (error) {
        return error;
      }
    };
    const currency = thrown({ currency: 'XXX' });
    expect(currency).toBeInstanceOf(DomainError);
    expect(seen(currency)).toEqual(seen(new ApiError('auction.validation', 'Please select a currency')));
    expect(seen(thrown({ exterior: ['x'] }))).toEqual(seen(new ApiError('auction.validation', AUCTION_INPUT_MESSAGES.imageUnknown)));
    expect((thrown({ exterior: Array.from({ length: 101 }, () => '4b0f8a52-1c7e-4f43-9f6e-1d2a3b4c5d6e') }) as DomainError).message).toBe(
      'You can only upload a maximum of 100 images',
    );
    expect(thrown({ currency: 'EUR' })).toBeNull();
  });
});
