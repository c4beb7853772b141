import { useApolloClient } from '@apollo/client/react';
import { App } from 'antd';
import { useCallback, useState, type ReactNode } from 'react';
import { PARTNER_HANDOFF } from './partner-handoff.operations';
import { HANDOFF_ERROR, needsHandoffCheck, type PartnerHandoff } from './partner-handoff';
import { PartnerOverlay } from './PartnerOverlay';

export interface PartnerHandoffGate {
  /** Runs `bidHere` unless the lot is handed off to a partner (the overlay shows) or its configuration fails to load (the error dialog). */
  attempt: (bidHere: () => void) => void;
  /** The hand-off configuration is loading. */
  checking: boolean;
  overlay: ReactNode;
}

/**
 * The lot page's bid gate for the partner-brand hand-off: a network lot's hand-off configuration is
 * loaded when someone tries to bid (fresh each time: staff may change the partner list), not with
 * the page, so lots of this brand never wait for it.
 */
export function usePartnerHandoff(lot: { brand: string; slug: string }, hostBrand: string): PartnerHandoffGate {
  const client = useApolloClient();
  const { modal } = App.useApp();
  const [checking, setChecking] = useState(false);
  const [partner, setPartner] = useState<PartnerHandoff | null>(null);

  const attempt = useCallback(
    (bidHere: () => void) => {
      if (!needsHandoffCheck(lot.brand, hostBrand)) return bidHere();
      setChecking(true);
      client
        .query({ query: PARTNER_HANDOFF, variables: { ownerBrand: lot.brand, slug: lot.slug }, fetchPolicy: 'network-only' })
        .then(({ data, error }) => {
          if (error || !data) throw error ?? new Error('partnerHandoff answered without data');
          if (data.partnerHandoff) setPartner(data.partnerHandoff);
          else bidHere();
        })
        .catch((error: unknown) => {
          console.warn(`partnerHandoff failed: ${error instanceof Error ? error.message : String(error)}`);
          modal.error({ title: HANDOFF_ERROR, okText: 'OK' });
        })
        .finally(() => setChecking(false));
    },
    [client, modal, lot.brand, lot.slug, hostBrand],
  );

  return { attempt, checking, overlay: <PartnerOverlay partner={partner} onClose={() => setPartner(null)} /> };
}
