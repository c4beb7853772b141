import { ApolloClient, ApolloLink, CombinedGraphQLErrors, HttpLink, InMemoryCache } from '@apollo/client';
import { SetContextLink } from '@apollo/client/link/context';
import { ErrorLink } from '@apollo/client/link/error';
import { explicitBrand } from './brand-choice';
import { isSessionError } from './errors';
import { session } from './session';

/**
 * The GraphQL client (spec 000 sections 6 and 7): same-origin credentials, the bearer token when
 * present, the chosen brand. 'Invalid token.' and 'User Not Found' clear the session and reload;
 * 'Forbidden' is ignored silently; other errors are only logged here (screens show their own).
 */
const authLink = new SetContextLink((prev) => {
  const headers: Record<string, string> = { ...(prev.headers as Record<string, string> | undefined) };
  const token = session.token();
  if (token) headers.authorization = `Bearer ${token}`;
  if (explicitBrand) headers['x-brand'] = explicitBrand;
  return { headers };
});

const errorLink = new ErrorLink(({ error, operation }) => {
  if (CombinedGraphQLErrors.is(error)) {
    if (error.errors.some((item) => isSessionError(item.message)) && session.token()) {
      session.clear();
      window.location.reload();
      return;
    }
    for (const item of error.errors) {
      if (item.message === 'Forbidden') continue;
      console.warn(`GraphQL ${operation.operationName ?? ''}: ${item.message}`);
    }
    return;
  }
  console.warn(`Network error in ${operation.operationName ?? 'operation'}: ${error.message}`);
});

export const apolloClient = new ApolloClient({
  link: ApolloLink.from([errorLink, authLink, new HttpLink({ uri: '/graphql', credentials: 'same-origin' })]),
  cache: new InMemoryCache({
    typePolicies: {
      Query: { fields: { auctionSearch: { keyArgs: false, merge: false } } },
      Auction: { fields: { dataFields: { merge: false }, address: { merge: true }, contactInfo: { merge: true } } },
    },
  }),
});

/** Logout (spec 000 section 6): clears the token and user token and resets cached data. */
export async function signOut(): Promise<void> {
  session.clear();
  await apolloClient.clearStore();
}
