import { useApolloClient, useQuery } from '@apollo/client/react';
import { Alert, Button, Card, Descriptions, Empty, Result, Skeleton, Space, Spin, Tag, Typography } from 'antd';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useAuth } from '../auth/auth-context';
import { useBrand } from '../brand';
import { Breadcrumbs } from '../content/Breadcrumbs';
import { usePageTitle } from '../directory/DirectoryShared';
import { paymentOptions, priceLabel } from '../directory/directory-rules';
import { PackagePaymentDialog } from '../pricing/PackagePaymentDialog';
import { listingPrice } from './PaddockPages';
import { PRICING_PACKAGE } from '../pricing/pricing.operations';
import { CHECKOUT_LISTING, type CheckoutListing } from './paddock-checkout.operations';

const CONFIRM_WAIT_MS = 10_000;
const CONFIRM_POLL_MS = 300;

export const CHECKOUT_TEXT = {
  unpaidLater: 'Your listing is saved but not paid yet. It goes to review once it is paid; you can pay later from your dashboard.',
  nothingToPay: 'There is nothing to pay for this listing.',
  confirming: 'Confirming your payment...',
} as const;

/** The tag shown for a listing's payment status (checkout, dashboard, groups). */
export function PaymentStatusTag({ status }: { status: string }) {
  const color = status === 'PAID' ? 'green' : status === 'UNPAID' ? 'red' : undefined;
  const label = status === 'PAID' ? 'Paid' : status === 'UNPAID' ? 'Unpaid' : status === 'FREE' ? 'Free' : status;
  return <Tag color={color}>{label}</Tag>;
}

/**
 * {base}/checkout?listing=<id> (spec 002 section 2, login required): what is being paid (the
 * listing, its package and the package's price label, section 9), then the package payment dialog
 * (promo code, card, terms) for item type LISTING. The server prices the package; the listing turns
 * PAID when identity's PaymentSucceeded reaches the catalogue, so after 'Payment received.' the page
 * waits for that before going on (to the listing when approved, else the dashboard listings).
 * Closing the dialog keeps the listing unpaid: the dashboard offers Pay later.
 */
export function PaddockCheckout({ base }: { base: string }) {
  const { w } = useBrand();
  usePageTitle(w('Checkout'));
  const [params] = useSearchParams();
  const listingId = params.get('listing') ?? '';
  const { user } = useAuth();
  const navigate = useNavigate();
  const client = useApolloClient();
  const [paying, setPaying] = useState(false);
  const [cancelled, setCancelled] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const listingQuery = useQuery(CHECKOUT_LISTING, { variables: { id: listingId }, skip: !listingId, fetchPolicy: 'network-only' });
  const listing = listingQuery.data?.listing ?? null;
  const packageQuery = useQuery(PRICING_PACKAGE, { variables: { id: listing?.packageId ?? '' }, skip: !listing });
  const pkg = packageQuery.data?.pricingPackage ?? null;

  const afterPaid = async () => {
    setPaying(false);
    setConfirming(true);
    const deadline = Date.now() + CONFIRM_WAIT_MS;
    let latest: CheckoutListing | null = listing;
    while (Date.now() < deadline) {
      const answer = await client.query({ query: CHECKOUT_LISTING, variables: { id: listingId }, fetchPolicy: 'network-only' });
      latest = answer.data?.listing ?? latest;
      if (latest && latest.paymentStatus !== 'UNPAID') break;
      await new Promise((resolve) => setTimeout(resolve, CONFIRM_POLL_MS));
    }
    setConfirming(false);
    if (latest && latest.status === 'APPROVED') void navigate(`${base}/${latest.category}/${latest.type}/${latest.slug}`);
    else void navigate('/dashboard/listings');
  };

  let body;
  if (!listingId) body = <Empty description="No listing to pay for." />;
  else if (listingQuery.loading && !listingQuery.data) body = <Skeleton active />;
  else if (listingQuery.error)
    body = <Alert type="error" showIcon title="An unexpected error occurred" description={listingQuery.error.message} />;
  else if (!listing) body = <Empty description="This listing does not exist." />;
  else if (user && listing.userId !== user.id) body = <Alert type="error" showIcon title="Access denied..." />;
  else {
    const unpaid = listing.paymentStatus === 'UNPAID';
    const payable = pkg ? paymentOptions(pkg).length > 0 : false;
    body = (
      <Card>
        <Descriptions column={1} size="small" bordered>
          <Descriptions.Item label={w('Listing')}>
            <Typography.Text strong data-testid="checkout-listing-title">
              {listing.title}
            </Typography.Text>
          </Descriptions.Item>
          <Descriptions.Item label="Asking price">{listingPrice(listing)}</Descriptions.Item>
          <Descriptions.Item label="Package">
            {pkg ? pkg.title : packageQuery.loading ? <Skeleton.Input active size="small" /> : '-'}
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
        {packageQuery.error ? (
          <Alert type="error" showIcon title="An unexpected error occurred" style={{ marginTop: 16 }} role="alert" />
        ) : null}
        {confirming ? (
          <Space style={{ marginTop: 16 }}>
            <Spin size="small" />
            <Typography.Text>{CHECKOUT_TEXT.confirming}</Typography.Text>
          </Space>
        ) : null}
        {cancelled && unpaid && !paying ? (
          <Alert
            type="info"
            showIcon
            style={{ marginTop: 16 }}
            title={CHECKOUT_TEXT.unpaidLater}
            action={<Link to="/dashboard/listings">Dashboard</Link>}
          />
        ) : null}
        {!unpaid && !confirming ? (
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
        {unpaid && !confirming ? (
          <Space style={{ marginTop: 16 }} wrap>
            <Button type="primary" disabled={!pkg || !payable} onClick={() => setPaying(true)}>
              Pay {pkg ? priceLabel(pkg) : ''}
            </Button>
            <Link to="/dashboard/listings">
              <Button>Pay later</Button>
            </Link>
          </Space>
        ) : null}
        {pkg && unpaid ? (
          <PackagePaymentDialog
            open={paying}
            itemId={listing.id}
            itemType="LISTING"
            pkg={pkg}
            onClose={() => {
              setPaying(false);
              setCancelled(true);
            }}
            onPaid={() => void afterPaid()}
          />
        ) : null}
      </Card>
    );
  }
  return (
    <section className="ts-page">
      <Breadcrumbs />
      <Typography.Title>{w('Checkout')}</Typography.Title>
      {body}
    </section>
  );
}
