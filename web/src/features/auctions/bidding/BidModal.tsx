import { useMutation } from '@apollo/client/react';
import { Alert, Button, Form, Grid, InputNumber, Modal, Segmented, Space, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { serverError } from '../../../lib/errors';
import { formatMoney } from '../../../lib/money';
import { notify } from '../../../lib/notify';
import { uuid } from '../../../lib/uuid';
import { useBrand } from '../../brand';
import { CREATE_BID } from '../auction.operations';
import type { MyMaxBid } from '../auction.operations';
import type { BidItem } from '../auction.types';
import type { Ack } from '../lot/lot-live';
import { BID_HISTORY_MODAL_LIMIT, BidHistory } from './BidHistory';
import { amountInWords } from './amount-words';
import { bidErrorMessage, checkBid, CONFIRM_FACTOR, minimumBid, needsConfirmation, type BidContext } from './bid-rules';
import { HoldPaymentDialog } from './HoldPaymentDialog';
import { MaxBidForm } from './MaxBidForm';
import { PROXY_TEXT } from './proxy-words';

export const BID_SUCCESS = 'Successfully bid';

interface Props {
  open: boolean;
  onClose: () => void;
  auctionId: string;
  currency: string;
  lot: BidContext;
  bids: BidItem[];
  /** The socket's emit when connected (bids go over the realtime connection), else null (GraphQL createBid). */
  emit: (<T>(event: string, payload: Record<string, unknown>) => Promise<Ack<T>>) | null;
  onBid: () => void;
  /** The bidder's own maximum on this lot (proxy bidding), if they set one. */
  myMaxBid?: MyMaxBid | null;
}

type Mode = 'bid' | 'max';

/**
 * The bid modal (spec 001 sections 2, 5 and 8): the minimum acceptable bid, the top 3 bids, the
 * amount (two decimals, thousands separators, 0 to 999,999,999.00); server codes shown with the
 * catalogue's messages; bid.paymentRequired opens the hold-payment dialog and retries after the hold.
 */
export function BidModal({ open, onClose, auctionId, currency, lot, bids, emit, onBid, myMaxBid = null }: Props) {
  const { config } = useBrand();
  const screens = Grid.useBreakpoint();
  const [amount, setAmount] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [holdFor, setHoldFor] = useState<number | null>(null);
  // A bid far above the minimum waits here until the bidder confirms it (issue 24 item 3).
  const [confirming, setConfirming] = useState<number | null>(null);
  // "Place bid" or "Set max bid" (issue 21, docs/proxy-bidding.md).
  const [mode, setMode] = useState<Mode>('bid');
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
      let code: string | null = null;
      let outbid = false;
      if (emit) {
        const ack = await emit<{ id: string }>('bid', { auctionId, amount: value, bidId: bidId.current });
        if (ack.status === 'failure') code = ack.code ?? 'bid.invalid';
        else outbid = ack.outbidAutomatically === true;
      } else {
        try {
          const { data } = await createBid({ variables: { auction: auctionId, amount: value, id: bidId.current } });
          outbid = data?.createBid.outbidAutomatically === true;
        } catch (failure) {
          code = serverError(failure).code ?? 'bid.invalid';
        }
      }
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

  return (
    <>
      <Modal
        open={open && holdFor === null}
        title="Place a bid"
        onCancel={onClose}
        footer={null}
        width={screens.md ? 480 : '100%'}
        className={screens.md ? undefined : 'ts-fullscreen-modal'}
        destroyOnHidden
        data-testid="bid-modal"
      >
        <Typography.Paragraph>
          Minimum bid: <strong data-testid="minimum-bid">{formatMoney(minimum, currency)}</strong>
        </Typography.Paragraph>
        <Segmented<Mode>
          block
          value={mode}
          onChange={setMode}
          options={[
            { label: PROXY_TEXT.placeBid, value: 'bid' },
            { label: PROXY_TEXT.setMaxBid, value: 'max' },
          ]}
          className="ts-bid-mode"
          data-testid="bid-mode"
        />
        {error && mode === 'bid' ? (
          <Alert type="error" title={error} showIcon role="alert" className="ts-form-notice" data-testid="bid-error" />
        ) : null}
        {mode === 'max' ? (
          <MaxBidForm
            auctionId={auctionId}
            currency={currency}
            current={myMaxBid}
            onHoldNeeded={(value) => setHoldFor(value)}
            onSet={() => {
              onBid();
              onClose();
            }}
          />
        ) : (
          <Form layout="vertical" onFinish={() => void submit(amount)}>
            <Form.Item label={`Your bid (${currency})`} htmlFor="bid-amount">
              <InputNumber<number>
                id="bid-amount"
                value={amount}
                onChange={(next) => {
                  setAmount(next);
                  setConfirming(null);
                }}
                min={0}
                precision={2}
                step={config.auctionConfiguration.bidMinimumIncrement || 1}
                formatter={(value) =>
                  value === undefined || value === null || `${value}` === '' ? '' : `${value}`.replace(/\B(?=(\d{3})+(?!\d))/g, ',')
                }
                parser={(text) => Number((text ?? '').replace(/,/g, ''))}
                style={{ width: '100%' }}
                size="large"
                placeholder={formatMoney(minimum, currency).replace(` ${currency}`, '')}
              />
            </Form.Item>
            {confirming === null ? (
              <Button type="primary" htmlType="submit" block size="large" loading={busy}>
                Place Bid
              </Button>
            ) : (
              <ConfirmLargeBid
                amount={confirming}
                currency={currency}
                busy={busy}
                onConfirm={() => void submit(confirming, true)}
                onCancel={() => setConfirming(null)}
              />
            )}
          </Form>
        )}
        <Typography.Title level={3} className="ts-modal-subtitle">
          Top bids
        </Typography.Title>
        <BidHistory bids={bids} currency={currency} limit={BID_HISTORY_MODAL_LIMIT} />
      </Modal>
      {holdFor !== null ? (
        <HoldPaymentDialog
          auctionId={auctionId}
          currency={currency}
          onClose={() => setHoldFor(null)}
          onHeld={() => {
            const retry = holdFor;
            setHoldFor(null);
            // A maximum is set again by the bidder from the form, now that the hold is there.
            if (mode === 'bid') void submit(retry);
          }}
        />
      ) : null}
    </>
  );
}

/** Reads a large bid back in figures and words before it is placed. */
function ConfirmLargeBid({
  amount,
  currency,
  busy,
  onConfirm,
  onCancel,
}: {
  amount: number;
  currency: string;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  return (
    <Alert
      type="warning"
      showIcon
      role="alert"
      data-testid="confirm-large-bid"
      title={`This bid is more than ${CONFIRM_FACTOR} times the minimum bid. Place ${formatMoney(amount, currency)}?`}
      description={
        <>
          <Typography.Paragraph>In words: {amountInWords(amount, currency)}.</Typography.Paragraph>
          <Space>
            <Button type="primary" onClick={onConfirm} loading={busy}>
              Yes, place this bid
            </Button>
            <Button onClick={onCancel}>Change amount</Button>
          </Space>
        </>
      }
    />
  );
}
