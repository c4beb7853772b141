import { Alert, Button, Descriptions, Result, Skeleton, Space, Spin, Tag, Typography } from 'antd';
import { Link } from 'react-router';
import { useBrand } from '../brand';
import { priceLabel, type PricedPackage } from '../directory/directory-rules';
import { CHECKOUT_TEXT, PaymentStatusTag } from './checkout-status';
import { listingPrice } from './PaddockPages';
import type { CheckoutListing } from './paddock-checkout.operations';

/** What the checkout pays for: the listing, its asking price, the package and its price, payment and review status. */
export function CheckoutSummary({
  listing,
  pkg,
  packageLoading,
}: {
  listing: CheckoutListing;
  pkg: (PricedPackage & { title: string }) | null;
  packageLoading: boolean;
}) {
  const { w } = useBrand();
  return (
    <Descriptions column={1} size="small" bordered>
      <Descriptions.Item label={w('Listing')}>
        <Typography.Text strong data-testid="checkout-listing-title">
          {listing.title}
        </Typography.Text>
      </Descriptions.Item>
      <Descriptions.Item label="Asking price">{listingPrice(listing)}</Descriptions.Item>
      <Descriptions.Item label="Package">
        {pkg ? pkg.title : packageLoading ? <Skeleton.Input active size="small" /> : '-'}
      </Descriptions.Item>
      <Descriptions.Item label="Price">
        <span data-testid="checkout-price">{pkg ? priceLabel(pkg) : '-'}</span>
      </Descriptions.Item>
      <Descriptions.Item label="Payment">
        <PaymentStatusTag status={listing.paymentStatus} />
      </Descriptions.Item>
      <Descriptions.Item label="Status">
        <Tag>{listing.status}</Tag>
      </Descriptions.Item>
    </Descriptions>
  );
}

/** While the payment is confirmed, a spinner; after the payment dialog was closed unpaid, the Pay later notice. */
export function CheckoutNotices({ confirming, unpaidLater }: { confirming: boolean; unpaidLater: boolean }) {
  return (
    <>
      {confirming ? (
        <Space style={{ marginTop: 16 }}>
          <Spin size="small" />
          <Typography.Text>{CHECKOUT_TEXT.confirming}</Typography.Text>
        </Space>
      ) : null}
      {unpaidLater ? (
        <Alert
          type="info"
          showIcon
          style={{ marginTop: 16 }}
          title={CHECKOUT_TEXT.unpaidLater}
          action={<Link to="/dashboard/listings">Dashboard</Link>}
        />
      ) : null}
    </>
  );
}

/** Nothing to pay (a link to My listings), or Pay with the package's price and Pay later. */
export function CheckoutActions({ unpaid, price, canPay, onPay }: { unpaid: boolean; price: string; canPay: boolean; onPay: () => void }) {
  return (
    <>
      {!unpaid ? (
        <Result
          status="success"
          title={CHECKOUT_TEXT.nothingToPay}
          extra={
            <Link to="/dashboard/listings">
              <Button>My listings</Button>
            </Link>
          }
        />
      ) : null}
      {unpaid ? (
        <Space style={{ marginTop: 16 }} wrap>
          <Button type="primary" disabled={!canPay} onClick={onPay}>
            Pay {price}
          </Button>
          <Link to="/dashboard/listings">
            <Button>Pay later</Button>
          </Link>
        </Space>
      ) : null}
    </>
  );
}
