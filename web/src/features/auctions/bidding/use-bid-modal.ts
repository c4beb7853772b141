import { useMutation } from '@apollo/client/react';
import { useEffect, useRef, useState } from 'react';
import { serverError } from '../../../lib/errors';
import { notify } from '../../../lib/notify';
import { uuid } from '../../../lib/uuid';
import { CREATE_BID } from '../auction.operations';
import type { Ack } from '../lot/lot-live';
import { bidErrorMessage, checkBid, minimumBid, needsConfirmation, type BidContext } from './bid-rules';
import { PROXY_TEXT } from './proxy-words';

export const BID_SUCCESS = 'Successfully bid';

/** "Place bid" or "Set max bid" (issue 21, docs/proxy-bidding.md). */
export type BidMode = 'bid' | 'max';

/** The socket's emit when connected (bids go over the realtime connection), else null (GraphQL createBid). */
export type BidEmit = (<T>(event: string, payload: Record<string, unknown>) => Promise<Ack<T>>) | null;

/** The createBid mutation's function (the fallback when the socket is not connected). */
type CreateBid = (options: {
  variables: { auction: string; amount: number; id: string };
}) => Promise<{ data?: { createBid: { outbidAutomatically: boolean | null } } | null }>;

/** Sends one bid over the socket (or GraphQL): the server's error code, if any, and whether a maximum outbid it at once. */
async function sendBid(
  emit: BidEmit,
  createBid: CreateBid,
  bid: { auctionId: string; amount: number; id: string },
): Promise<{ code: string | null; outbid: boolean }> {
  if (emit) {
    const ack = await emit<{ id: string }>('bid', { auctionId: bid.auctionId, amount: bid.amount, bidId: bid.id });
    if (ack.status === 'failure') return { code: ack.code ?? 'bid.invalid', outbid: false };
    return { code: null, outbid: ack.outbidAutomatically === true };
  }
  try {
    const { data } = await createBid({ variables: { auction: bid.auctionId, amount: bid.amount, id: bid.id } });
    return { code: null, outbid: data?.createBid.outbidAutomatically === true };
  } catch (failure) {
    return { code: serverError(failure).code ?? 'bid.invalid', outbid: false };
  }
}

interface Options {
  open: boolean;
  auctionId: string;
  lot: BidContext;
  emit: BidEmit;
  onBid: () => void;
  onClose: () => void;
}

/**
 * The bid modal's state and its submit: the amount, the error shown, a large bid waiting for its
 * confirmation, the amount waiting for a payment hold, and the mode (reset each time it opens).
 */
export function useBidModal({ open, auctionId, lot, emit, onBid, onClose }: Options) {
  const [amount, setAmount] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [holdFor, setHoldFor] = useState<number | null>(null);
  // A bid far above the minimum waits here until the bidder confirms it (issue 24 item 3).
  const [confirming, setConfirming] = useState<number | null>(null);
  const [mode, setMode] = useState<BidMode>('bid');
  const [createBid] = useMutation(CREATE_BID);
  // One id per intended bid: a retry after a lost answer (or after the hold) records one bid.
  const bidId = useRef<string>(uuid());
  const minimum = minimumBid(lot);

  useEffect(() => {
    if (open) {
      setError(null);
      setAmount(null);
      setConfirming(null);
      setMode('bid');
      bidId.current = uuid();
    }
  }, [open]);

  const submit = async (value: number | null, confirmed = false) => {
    setError(null);
    setConfirming(null);
    const check = checkBid(value, lot);
    if (!check.ok || value === null) {
      setError(check.ok ? bidErrorMessage('bid.invalid') : check.message);
      return;
    }
    if (!confirmed && needsConfirmation(value, minimum)) {
      setConfirming(value);
      return;
    }
    setBusy(true);
    try {
      const { code, outbid } = await sendBid(emit, createBid, { auctionId, amount: value, id: bidId.current });
      if (code === 'bid.paymentRequired') {
        setHoldFor(value);
        return;
      }
      if (code) {
        setError(bidErrorMessage(code));
        return;
      }
      notify('success', BID_SUCCESS);
      // Accepted, and at once answered by another bidder's maximum (the ack says so).
      if (outbid) notify('warning', PROXY_TEXT.outbidAutomatically);
      bidId.current = uuid();
      onBid();
      onClose();
    } catch {
      setError(bidErrorMessage('bid.invalid'));
    } finally {
      setBusy(false);
    }
  };

  return { amount, setAmount, error, busy, holdFor, setHoldFor, confirming, setConfirming, mode, setMode, minimum, submit };
}
