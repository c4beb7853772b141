import { Descriptions, Typography } from 'antd';
import { formatMoney } from '../../lib/money';
import { holdExpiryInWords, type PriceQuote } from './payment-requests';

/**
 * The server's price of this payment before paying (issue 17, "Promo codes"): list price, the
 * promotion's discount and the total, and how long the applied code stays held for this payment.
 */
export function PriceBreakdown({ quote }: { quote: PriceQuote }) {
  const hold = quote.discount > 0 ? holdExpiryInWords(quote.promotionExpiresAt) : null;
  return (
    <div data-testid="price-breakdown" style={{ marginBottom: 16 }}>
      <Descriptions
        size="small"
        column={1}
        bordered
        items={[
          { key: 'list', label: 'List price', children: formatMoney(quote.listPrice, quote.currency) },
          ...(quote.discount > 0
            ? [{ key: 'discount', label: 'Discount', children: `− ${formatMoney(quote.discount, quote.currency)}` }]
            : []),
          { key: 'total', label: 'Total', children: <strong>{formatMoney(quote.total, quote.currency)}</strong> },
        ]}
      />
      {hold ? <Typography.Paragraph>{hold}</Typography.Paragraph> : null}
    </div>
  );
}
