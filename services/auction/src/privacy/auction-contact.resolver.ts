import { Parent, ResolveField, Resolver } from '@nestjs/graphql';
import { CurrentUser, type AuthUser } from '@trackside/platform';
import { AuctionContactInfoObject, AuctionObject } from '../graphql/auction.object';
import { maySeeSellerEmail } from './private-fields';

/**
 * The lot's contact details, with the seller's email only for the seller and staff (issue 18: the
 * probe read `auction { contactInfo { email } }` anonymously). Everyone else gets null and writes
 * through the email-the-seller relay, which exists to keep the address hidden.
 */
@Resolver(() => AuctionObject)
export class AuctionContactResolver {
  @ResolveField('contactInfo', () => AuctionContactInfoObject)
  contactInfo(@Parent() auction: AuctionObject, @CurrentUser() user: AuthUser | null): AuctionContactInfoObject {
    const contact = auction.contactInfo;
    return maySeeSellerEmail(user, auction.user.id) ? contact : { ...contact, email: null };
  }
}
