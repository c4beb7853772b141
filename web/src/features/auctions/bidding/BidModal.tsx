import { Alert, Button, Form, Grid, InputNumber, Modal, Segmented, Space, Typography } from 'antd';
import { formatMoney } from '../../../lib/money';
import { useBrand } from '../../brand';
import type { MyMaxBid } from '../auction.operations';
import type { BidItem } from '../auction.types';
import { BID_HISTORY_MODAL_LIMIT, BidHistory } from './BidHistory';
import { amountInWords } from './amount-words';
import { CONFIRM_FACTOR, type BidContext } from './bid-rules';
import { HoldPaymentDialog } from './HoldPaymentDialog';
import { MaxBidForm } from './MaxBidForm';
import { PROXY_TEXT } from './proxy-words';
import { useBidModal, type BidEmit, type BidMode } from './use-bid-modal';

export { BID_SUCCESS } from './use-bid-modal';

interface Props {
  open: boolean;
  onClose: () => void;
  auctionId: string;
  currency: string;
  lot: BidContext;
  bids: BidItem[];
  /** The socket's emit when connected (bids go over the realtime connection), else null (GraphQL createBid). */
  emit: BidEmit;
  onBid: () => void;
  /** The bidder's own maximum on this lot (proxy bidding), if they set one. */
  myMaxBid?: MyMaxBid | null;
}

/**
 * The bid modal (spec 001 sections 2, 5 and 8): the minimum acceptable bid, the top 3 bids, the
 * amount (two decimals, thousands separators, 0 to 999,999,999.00); server codes shown with the
 * catalogue's messages; bid.paymentRequired opens the hold-payment dialog and retries after the hold.
 */
export function BidModal({ open, onClose, auctionId, currency, lot, bids, emit, onBid, myMaxBid = null }: Props) {
  const screens = Grid.useBreakpoint();
  const state = useBidModal({ open, auctionId, lot, emit, onBid, onClose });
  const { error, holdFor, setHoldFor, mode, minimum, submit } = state;

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
        <Segmented<BidMode>
          block
          value={mode}
          onChange={state.setMode}
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
          <BidAmountForm state={state} currency={currency} />
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

/** The amount to bid (thousands separators, two decimals) and Place Bid, or the large bid's confirmation. */
function BidAmountForm({ state, currency }: { state: ReturnType<typeof useBidModal>; currency: string }) {
  const { config } = useBrand();
  const { amount, setAmount, busy, confirming, setConfirming, minimum, submit } = state;
  return (
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
