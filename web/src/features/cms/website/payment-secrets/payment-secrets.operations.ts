import { gql, type TypedDocumentNode } from '@apollo/client';

/** What the CMS sees of a provider's stored secrets: masks only, never the values (docs/payments.md "Per-brand secrets"). */
export interface ProviderSecrets {
  provider: string;
  secretKeySet: boolean;
  secretKeyMasked: string | null;
  webhookSecretSet: boolean;
  webhookSecretMasked: string | null;
  updatedAt: string | null;
  updatedByName: string | null;
}

const FIELDS = 'provider secretKeySet secretKeyMasked webhookSecretSet webhookSecretMasked updatedAt updatedByName';

export const PAYMENT_PROVIDER_SECRETS: TypedDocumentNode<{ paymentProviderSecrets: ProviderSecrets[] }> = gql`
  query CmsPaymentProviderSecrets {
    paymentProviderSecrets { ${FIELDS} }
  }
`;

/** null keeps a stored value, '' clears it, anything else replaces it (write-only). */
export interface SecretsChangeVariables {
  provider: string;
  secretKey?: string | null;
  webhookSecret?: string | null;
}

export const UPDATE_PAYMENT_PROVIDER_SECRETS: TypedDocumentNode<{ updatePaymentProviderSecrets: ProviderSecrets }, SecretsChangeVariables> =
  gql`
  mutation CmsUpdatePaymentProviderSecrets($provider: String!, $secretKey: String, $webhookSecret: String) {
    updatePaymentProviderSecrets(provider: $provider, secretKey: $secretKey, webhookSecret: $webhookSecret) { ${FIELDS} }
  }
`;
