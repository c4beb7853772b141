import { useMutation } from '@apollo/client/react';
import { Alert, Button, Form, InputNumber, Typography } from 'antd';
import { useRef, useState } from 'react';
import { serverError } from '../../../lib/errors';
import { notify } from '../../../lib/notify';
import { uuid } from '../../../lib/uuid';
import { SET_MAX_BID, type MyMaxBid } from '../auction.operations';
import { bidErrorMessage } from './bid-rules';
import { STANDING_TEXT } from './bidder-standing';
import { maximumLine, maximumSetText, PROXY_TEXT } from './proxy-words';

interface Props {
  auctionId: string;
  currency: string;
  /** The bidder's maximum already set on this lot, if any. */
  current: MyMaxBid | null;
  /** A payment hold is needed first (bid.paymentRequired): the modal opens its dialog with this amount. */
  onHoldNeeded: (amount: number) => void;
  onSet: () => void;
}

/**
 * "Set max bid" in the bid modal (issue 21, docs/proxy-bidding.md): the engine bids for the bidder
 * up to this amount. The answer says at once whether they lead or a higher maximum outbid them.
 */
export function MaxBidForm({ auctionId, currency, current, onHoldNeeded, onSet }: Props) {
  const [amount, setAmount] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [setMaxBid, { loading }] = useMutation(SET_MAX_BID);
  // One id per intended maximum: a retry after a lost answer sets it once.
  const requestId = useRef(uuid());

  const submit = async () => {
    setError(null);
    if (amount === null || !Number.isFinite(amount) || amount <= 0) {
      setError(bidErrorMessage('bid.invalid'));
      return;
    }
    try {
      const { data } = await setMaxBid({ variables: { auction: auctionId, amount, id: requestId.current } });
      const result = data?.setMaxBid.maxBid;
      requestId.current = uuid();
      if (!result) return;
      notify('success', maximumSetText(result.maximum, currency));
      notify(result.highBidder ? 'success' : 'warning', result.highBidder ? STANDING_TEXT.high : PROXY_TEXT.outbidAutomatically);
      onSet();
    } catch (failure) {
      const code = serverError(failure).code ?? 'bid.invalid';
      if (code === 'bid.paymentRequired') onHoldNeeded(amount);
      else setError(bidErrorMessage(code));
    }
  };

  return (
    <Form layout="vertical" onFinish={() => void submit()} data-testid="max-bid-form">
      <Typography.Paragraph type="secondary">{PROXY_TEXT.explain}</Typography.Paragraph>
      {current ? (
        <Typography.Paragraph data-testid="modal-my-max-bid">
          <strong>{maximumLine(current.maximum, currency)}</strong>
        </Typography.Paragraph>
      ) : null}
      {error ? <Alert type="error" title={error} showIcon role="alert" className="ts-form-notice" data-testid="max-bid-error" /> : null}
      <Form.Item label={`Your maximum bid (${currency})`} htmlFor="max-bid-amount">
        <InputNumber<number>
          id="max-bid-amount"
          value={amount}
          onChange={setAmount}
          min={0}
          precision={2}
          formatter={(value) =>
            value === undefined || value === null || `${value}` === '' ? '' : `${value}`.replace(/\B(?=(\d{3})+(?!\d))/g, ',')
          }
          parser={(text) => Number((text ?? '').replace(/,/g, ''))}
          style={{ width: '100%' }}
          size="large"
        />
      </Form.Item>
      <Button type="primary" htmlType="submit" block size="large" loading={loading} data-testid="set-max-bid">
        {PROXY_TEXT.setMaxBid}
      </Button>
    </Form>
  );
}
