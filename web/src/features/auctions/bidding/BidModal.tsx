import { useMutation } from '@apollo/client/react';
import { Alert, Button, Form, Grid, InputNumber, Modal, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { serverError } from '../../../lib/errors';
import { formatMoney, MAX_BID } from '../../../lib/money';
import { notify } from '../../../lib/notify';
import { uuid } from '../../../lib/uuid';
import { useBrand } from '../../brand';
import { CREATE_BID } from '../auction.operations';
import type { BidItem } from '../auction.types';
import type { Ack } from '../lot/lot-live';
import { BID_HISTORY_MODAL_LIMIT, BidHistory } from './BidHistory';
import { bidErrorMessage, checkBid, minimumBid, type BidContext } from './bid-rules';
import { HoldPaymentDialog } from './HoldPaymentDialog';

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
}

/**
 * The bid modal (spec 001 sections 2, 5 and 8): the minimum acceptable bid, the top 3 bids, the
 * amount (two decimals, thousands separators, 0 to 999,999,999.00); server codes shown with the
 * catalogue's messages; bid.paymentRequired opens the hold-payment dialog and retries after the hold.
 */
export function BidModal({ open, onClose, auctionId, currency, lot, bids, emit, onBid }: Props) {
  const { config } = useBrand();
  const screens = Grid.useBreakpoint();
  const [amount, setAmount] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [holdFor, setHoldFor] = useState<number | null>(null);
  const [createBid] = useMutation(CREATE_BID);
  // One id per intended bid: a retry after a lost answer (or after the hold) records one bid.
  const bidId = useRef<string>(uuid());
  const minimum = minimumBid(lot);

  useEffect(() => {
    if (open) {
      setError(null);
      setAmount(null);
      bidId.current = uuid();
    }
  }, [open]);

  const submit = async (value: number | null) => {
    setError(null);
    const check = checkBid(value, lot);
    if (!check.ok || value === null) {
      setError(check.ok ? bidErrorMessage('bid.invalid') : check.message);
      return;
    }
    setBusy(true);
    try {
      let code: string | null = null;
      if (emit) {
        const ack = await emit<{ id: string }>('bid', { auctionId, amount: value, bidId: bidId.current });
        if (ack.status === 'failure') code = ack.code ?? 'bid.invalid';
      } else {
        try {
          await createBid({ variables: { auction: auctionId, amount: value, id: bidId.current } });
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
        {error ? <Alert type="error" title={error} showIcon role="alert" className="ts-form-notice" data-testid="bid-error" /> : null}
        <Form layout="vertical" onFinish={() => void submit(amount)}>
          <Form.Item label={`Your bid (${currency})`} htmlFor="bid-amount">
            <InputNumber<number>
              id="bid-amount"
              value={amount}
              onChange={(next) => setAmount(next)}
              min={0}
              max={MAX_BID}
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
          <Button type="primary" htmlType="submit" block size="large" loading={busy}>
            Place Bid
          </Button>
        </Form>
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
            void submit(retry);
          }}
        />
      ) : null}
    </>
  );
}
