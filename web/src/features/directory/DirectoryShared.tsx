import { HeartOutlined, PlusOutlined, ShopOutlined, EditOutlined } from '@ant-design/icons';
import { Button, Col, Result, Row, Space, Typography } from 'antd';
import { useEffect, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { useAuth } from '../auth/auth-context';
import { Breadcrumbs } from '../content/Breadcrumbs';
import { useBrand } from '../brand';
import { PackagePaymentDialog } from '../pricing/PackagePaymentDialog';
import { CancelSubscriptionDialog } from './CancelSubscriptionDialog';
import { DirectoryCard, DirectoryCardSkeletons, type OwnerAction } from './DirectoryCard';
import type { PricingPackage } from '../pricing/pricing.operations';
import type { Directory } from './directory.operations';
import { DEFAULT_CARDS_PER_ROW, directorySlug } from './directory-rules';
import { useBookmarks } from './use-bookmarks';
import './directory.css';

/** Sets the document title while the page is shown (the shell sets the company name otherwise). */
export function usePageTitle(title: string): void {
  const { config } = useBrand();
  useEffect(() => {
    document.title = title;
    // The shell's own effect (a parent's, so it runs after this one) sets the company name on load.
    const timer = window.setTimeout(() => {
      document.title = title;
    }, 0);
    return () => {
      window.clearTimeout(timer);
      document.title = config.companyName;
    };
  }, [title, config.companyName]);
}

/**
 * The directory header (spec 002 section 2): Favourites, List With Us, Add and Update. A signed-out
 * visitor who clicks Favourites or List With Us gets the login dialog first; the action then runs.
 */
export function DirectoryHeader({ title }: { title: string }) {
  const navigate = useNavigate();
  const { requireAuth } = useAuth();
  return (
    <>
      <Breadcrumbs />
      <div className="ts-directory-header">
        <Typography.Title style={{ margin: 0 }}>{title}</Typography.Title>
        <Space wrap>
          <Button icon={<HeartOutlined />} onClick={() => requireAuth(() => void navigate('/directory/favourites'))}>
            Favourites
          </Button>
          <Button type="primary" icon={<ShopOutlined />} onClick={() => requireAuth(() => void navigate('/directory/add'))}>
            List With Us
          </Button>
          <Button icon={<PlusOutlined />} onClick={() => void navigate('/directory/add')}>
            Add
          </Button>
          <Button icon={<EditOutlined />} onClick={() => void navigate('/directory/update')}>
            Update
          </Button>
        </Space>
      </div>
    </>
  );
}

/** Directory screens that need a login: a message with Back (to /directory) and Login (spec 002 section 2). */
export function LoginRequired({ children }: { children: ReactNode }) {
  const { isLoggedIn, openAuth } = useAuth();
  const navigate = useNavigate();
  if (isLoggedIn) return <>{children}</>;
  return (
    <Result
      status="403"
      title="Login required"
      subTitle="You need to be logged in to view this page."
      extra={
        <Space>
          <Button onClick={() => void navigate('/directory')}>Back</Button>
          <Button type="primary" onClick={() => openAuth('login')}>
            Login
          </Button>
        </Space>
      }
    />
  );
}

/**
 * A grid of directory cards, `perRow` per row (2 by default; one on phones), with skeletons while
 * loading and the owner's actions (payment dialog, cancel after a confirmation, upgrade and edit routes).
 */
export function DirectoryGrid({
  entries,
  loading,
  skeletons,
  perRow = DEFAULT_CARDS_PER_ROW,
  plans,
  onChanged,
}: {
  entries: Directory[];
  loading: boolean;
  skeletons: number;
  perRow?: number;
  plans?: PricingPackage[];
  onChanged?: () => void;
}) {
  const { user } = useAuth();
  const { config } = useBrand();
  const navigate = useNavigate();
  const bookmarks = useBookmarks();
  const [paying, setPaying] = useState<{ entry: Directory; plan: PricingPackage } | null>(null);
  const [cancelling, setCancelling] = useState<Directory | null>(null);
  const span = Math.max(1, Math.floor(24 / Math.max(1, perRow)));
  const featuredPlan = plans?.find((plan) => plan.featured && !plan.isFree) ?? null;

  const onOwnerAction = (action: OwnerAction, entry: Directory) => {
    switch (action) {
      case 'Edit':
        void navigate(`/directory/update/${directorySlug(entry.name)}`, { state: { id: entry.id } });
        return;
      case 'Upgrade Plan':
        void navigate(`/directory/update/${directorySlug(entry.name)}?upgrade`, { state: { id: entry.id } });
        return;
      case 'Pay Subscription': {
        const plan = plans?.find((candidate) => candidate.id === entry.packageId) ?? featuredPlan;
        if (plan) setPaying({ entry, plan });
        return;
      }
      case 'Cancel Subscription':
        // Asks first and says until when the plan stays active (issue 17).
        setCancelling(entry);
        return;
    }
  };

  return (
    <>
      <Row gutter={[16, 16]}>
        {loading && entries.length === 0 ? (
          <DirectoryCardSkeletonsCols count={skeletons} span={span} />
        ) : (
          entries.map((entry) => (
            <Col key={entry.id} xs={24} md={span}>
              <DirectoryCard
                entry={entry}
                bookmarked={bookmarks.ids.has(entry.id)}
                onToggleBookmark={bookmarks.toggle}
                isOwner={!!user && entry.userId === user.id}
                onOwnerAction={onOwnerAction}
              />
            </Col>
          ))
        )}
      </Row>
      {paying ? (
        <PackagePaymentDialog
          open
          itemId={paying.entry.id}
          itemType="DIRECTORY"
          pkg={paying.plan}
          onClose={() => setPaying(null)}
          onPaid={() => {
            setPaying(null);
            onChanged?.();
          }}
        />
      ) : null}
      {cancelling ? (
        <CancelSubscriptionDialog
          entry={cancelling}
          brand={config.brand}
          onClose={() => setCancelling(null)}
          onCancelled={() => {
            setCancelling(null);
            onChanged?.();
          }}
        />
      ) : null}
    </>
  );
}

function DirectoryCardSkeletonsCols({ count, span }: { count: number; span: number }) {
  return (
    <>
      {Array.from({ length: count }, (_, index) => (
        <Col key={index} xs={24} md={span}>
          <DirectoryCardSkeletons count={1} />
        </Col>
      ))}
    </>
  );
}
