import { CheckOutlined } from '@ant-design/icons';
import { useQuery } from '@apollo/client/react';
import { Alert, Button, Card, Empty, List, Result, Skeleton, Spin, Tabs, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { Link, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { notify } from '../../lib/notify';
import { RestError, restPost } from '../../lib/rest';
import { useAuth } from '../auth/auth-context';
import { useBrand } from '../brand';
import { PackagePaymentDialog } from '../pricing/PackagePaymentDialog';
import { PRICING_PACKAGES, type PricingPackage } from '../pricing/pricing.operations';
import { CLAIMABLE_DIRECTORY, DIRECTORIES_BY_IDS, MY_DIRECTORIES, type Directory } from './directory.operations';
import { changesAwaitingReviewText, withPendingChanges } from './directory-change-review';
import { DirectoryForm } from './DirectoryForm';
import { DirectoryGrid, DirectoryHeader, LoginRequired, usePageTitle } from './DirectoryShared';
import {
  DIRECTORY_STATUSES,
  defaultStatusTab,
  directorySlug,
  planMatches,
  planSlug,
  priceLabel,
  type DirectoryStatus,
} from './directory-rules';
import { useBookmarks } from './use-bookmarks';

function useDirectoryPlans() {
  const { config } = useBrand();
  return useQuery(PRICING_PACKAGES, { variables: { type: 'DIRECTORY', brand: config.brand } });
}

/** /directory/add: choose a plan (spec 002 section 2); signed-out visitors see the login prompt. Title: List With us. */
export function DirectoryAddPage() {
  usePageTitle('List With us');
  const { data, loading, error } = useDirectoryPlans();
  const plans = data?.pricingPackages ?? [];
  return (
    <section className="ts-page">
      <DirectoryHeader title="List With us" />
      <LoginRequired>
        {error ? <Alert type="error" showIcon title="An error occurred while fetching the plans." /> : null}
        {loading && !data ? <Skeleton active /> : null}
        {!loading && !error && plans.length === 0 ? <Empty description="No plans are available at the moment." /> : null}
        <div className="ts-plan-grid">
          {plans.map((plan) => (
            <PlanCard key={plan.id} plan={plan} to={`/directory/add/${planSlug(plan.title)}`} />
          ))}
        </div>
      </LoginRequired>
    </section>
  );
}

export function PlanCard({ plan, to, action = 'Choose' }: { plan: PricingPackage; to?: string; action?: string }) {
  return (
    <Card
      className={`ts-plan-card${plan.featured ? ' ts-plan-featured' : ''}`}
      title={plan.title}
      extra={plan.featured ? <Tag color="gold">Featured</Tag> : null}
    >
      <Typography.Title level={3} style={{ fontSize: 20 }}>
        {priceLabel(plan)}
      </Typography.Title>
      <List
        size="small"
        dataSource={plan.sellingPoints}
        renderItem={(point) => (
          <List.Item>
            <span>
              <CheckOutlined /> {point.text}
              {point.subtext ? (
                <>
                  <br />
                  <Typography.Text type="secondary">{point.subtext}</Typography.Text>
                </>
              ) : null}
            </span>
          </List.Item>
        )}
      />
      {to ? (
        <Link to={to}>
          <Button type="primary" block style={{ marginTop: 12 }} aria-label={`${action} ${plan.title}`}>
            {action}
          </Button>
        </Link>
      ) : null}
    </Card>
  );
}

/** /directory/add/{plan}: the form for the chosen plan; a featured plan is paid right after the entry is created. */
export function DirectoryAddFormPage() {
  usePageTitle('List With us');
  const { plan: slug } = useParams();
  const navigate = useNavigate();
  const { data, loading } = useDirectoryPlans();
  const plan = data?.pricingPackages.find((candidate) => planMatches(candidate.title, slug)) ?? null;
  const [created, setCreated] = useState<Directory | null>(null);
  const done = () => void navigate('/directory/update');
  return (
    <section className="ts-page">
      <DirectoryHeader title="List With us" />
      <LoginRequired>
        {loading && !data ? <Skeleton active /> : null}
        {!loading && !plan ? <Empty description="This plan does not exist." /> : null}
        {plan ? (
          <>
            <Typography.Paragraph>
              Plan: <strong>{plan.title}</strong> ({priceLabel(plan)})
            </Typography.Paragraph>
            <DirectoryForm
              plan={plan}
              featured={plan.featured}
              onSaved={(directory) => {
                notify('success', 'Your directory has been submitted for review.');
                if (plan.featured && !plan.isFree) setCreated(directory);
                else done();
              }}
            />
            {created ? (
              <PackagePaymentDialog open itemId={created.id} itemType="DIRECTORY" pkg={plan} onClose={done} onPaid={done} />
            ) : null}
          </>
        ) : null}
      </LoginRequired>
    </section>
  );
}

/** /directory/update: the user's entries in pending, approved and declined tabs (default tab rule of spec 002 section 4). */
export function DirectoryUpdatePage() {
  usePageTitle('Update Directory');
  const { isLoggedIn } = useAuth();
  const { data, loading, error, refetch } = useQuery(MY_DIRECTORIES, {
    variables: { start: 0, limit: 50 },
    fetchPolicy: 'network-only',
    skip: !isLoggedIn,
  });
  const { data: plans } = useDirectoryPlans();
  const entries = data?.myDirectories ?? [];
  const [tab, setTab] = useState<DirectoryStatus | null>(null);
  useEffect(() => {
    if (data && tab === null) setTab(defaultStatusTab(data.myDirectories));
  }, [data, tab]);
  return (
    <section className="ts-page">
      <DirectoryHeader title="Update Directory" />
      <LoginRequired>
        {error ? <Alert type="error" showIcon title="An error occured while fetching your directories." /> : null}
        <Tabs
          activeKey={tab ?? 'pending'}
          onChange={(key) => setTab(key as DirectoryStatus)}
          items={DIRECTORY_STATUSES.map((status) => {
            const list = entries.filter((entry) => entry.status === status);
            return {
              key: status,
              label: `${status.charAt(0).toUpperCase()}${status.slice(1)} (${list.length})`,
              children:
                !loading && list.length === 0 ? (
                  <Empty description={`No ${status} directories`} />
                ) : (
                  <DirectoryGrid
                    entries={list}
                    loading={loading}
                    skeletons={2}
                    plans={plans?.pricingPackages}
                    onChanged={() => void refetch()}
                  />
                ),
            };
          })}
        />
      </LoginRequired>
    </section>
  );
}

/** /directory/update/{name}: edit one entry (a declined one is then reviewed again); ?upgrade switches to the featured plan. */
export function DirectoryEditPage() {
  usePageTitle('Update Directory');
  const { slug } = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const { isLoggedIn } = useAuth();
  const { data, loading, error } = useQuery(MY_DIRECTORIES, {
    variables: { start: 0, limit: 50 },
    fetchPolicy: 'network-only',
    skip: !isLoggedIn,
  });
  const { data: plans } = useDirectoryPlans();
  const stateId = (location.state as { id?: string } | null)?.id;
  const entry =
    data?.myDirectories.find((candidate) => (stateId ? candidate.id === stateId : directorySlug(candidate.name) === slug)) ?? null;
  const upgrade = search.has('upgrade');
  const plan =
    (upgrade ? plans?.pricingPackages.find((candidate) => candidate.featured && !candidate.isFree) : null) ??
    plans?.pricingPackages.find((candidate) => candidate.id === entry?.packageId) ??
    null;
  const featured = upgrade || Boolean(entry?.featured);
  const [paying, setPaying] = useState<Directory | null>(null);
  const done = () => void navigate('/directory/update');
  return (
    <section className="ts-page">
      <DirectoryHeader title="Update Directory" />
      <LoginRequired>
        {error ? <Alert type="error" showIcon title="An error occured while fetching your directories." /> : null}
        {loading && !data ? <Spin /> : null}
        {data && !entry ? <Empty description="Directory not found." /> : null}
        {entry ? (
          <>
            {entry.status === 'declined' && entry.reviewReason ? (
              <Alert type="warning" showIcon title={`Declined: ${entry.reviewReason}`} style={{ marginBottom: 16 }} />
            ) : null}
            <ChangeReviewNotice entry={entry} />
            <DirectoryForm
              key={entry.id}
              entry={withPendingChanges(entry)}
              plan={upgrade ? plan : null}
              featured={featured}
              onSaved={(saved) => {
                notify(
                  'success',
                  saved.changesAwaitingReview ? `Directory updated. ${changesAwaitingReviewText(saved)}` : 'Directory updated.',
                );
                if (upgrade && plan && !plan.isFree) setPaying(saved);
                else done();
              }}
            />
            {paying && plan ? (
              <PackagePaymentDialog open itemId={paying.id} itemType="DIRECTORY" pkg={plan} onClose={done} onPaid={done} />
            ) : null}
          </>
        ) : null}
      </LoginRequired>
    </section>
  );
}

/** /directory/favourites: the user's bookmarked directories (login required). */
export function DirectoryFavouritesPage() {
  usePageTitle('Directory Favourites');
  const bookmarks = useBookmarks();
  const ids = [...bookmarks.ids];
  const { data, loading, error } = useQuery(DIRECTORIES_BY_IDS, { variables: { ids }, skip: ids.length === 0 });
  const entries = ids.length === 0 ? [] : (data?.directories ?? []);
  const failed = error ?? bookmarks.error;
  return (
    <section className="ts-page">
      <DirectoryHeader title="Directory Favourites" />
      <LoginRequired>
        {failed ? <Alert type="error" showIcon title="An error occured while fetching your favourites." /> : null}
        {!failed && !loading && !bookmarks.loading && entries.length === 0 ? (
          <Empty description="You have not favourited any directories." />
        ) : null}
        <DirectoryGrid entries={entries} loading={loading || bookmarks.loading} skeletons={2} />
      </LoginRequired>
    </section>
  );
}

/** /directory/claim/{key}: claim ownership by key (POST /directories/claim/{key}). */
export function DirectoryClaimPage() {
  usePageTitle('Claim Directory');
  const { key = '' } = useParams();
  const { isLoggedIn } = useAuth();
  const { config } = useBrand();
  const [state, setState] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  // The business the key opens, named before the claim (issue 24 item 17).
  const business = useQuery(CLAIMABLE_DIRECTORY, { variables: { key }, skip: !key }).data?.claimableDirectory ?? null;
  const claim = async () => {
    setBusy(true);
    try {
      await restPost(`/directories/claim/${encodeURIComponent(key)}`, {}, config.brand);
      setState({ ok: true, text: 'You have successfully claimed ownership of this directory.' });
    } catch (failure) {
      setState({
        ok: false,
        text:
          failure instanceof RestError && failure.status === 404
            ? 'The provided key is not valid. Perhaps you have already claimed ownership of this directory.'
            : 'An error occurred while processing this request, please refresh the page or contact support if the problem persists.',
      });
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="ts-page">
      <DirectoryHeader title="Claim Directory" />
      <LoginRequired>
        {state ? (
          <Result
            status={state.ok ? 'success' : 'error'}
            title={state.text}
            extra={
              <Link to="/directory/update">
                <Button type="primary">My directories</Button>
              </Link>
            }
          />
        ) : (
          <Result
            status="info"
            title={business ? `Claim ownership of ${business.name}` : 'Claim ownership of this directory'}
            subTitle={business ? [business.addressCity, business.addressState].filter(Boolean).join(', ') : undefined}
            extra={
              <Button type="primary" loading={busy} disabled={!isLoggedIn} onClick={() => void claim()}>
                Claim
              </Button>
            }
          />
        )}
      </LoginRequired>
    </section>
  );
}

/**
 * The owner's view of an approved entry's change (issue 24 item 15): it awaits review while the
 * approved version stays public, or staff declined it (the approved version stayed).
 */
function ChangeReviewNotice({ entry }: { entry: Directory }) {
  const waiting = changesAwaitingReviewText(entry);
  if (waiting) return <Alert type="info" showIcon title={waiting} style={{ marginBottom: 16 }} data-testid="directory-change-review" />;
  if (entry.status === 'approved' && entry.reviewReason)
    return (
      <Alert
        type="warning"
        showIcon
        title={`Your last change was declined: ${entry.reviewReason}. The approved version stays public.`}
        style={{ marginBottom: 16 }}
        data-testid="directory-change-review"
      />
    );
  return null;
}
