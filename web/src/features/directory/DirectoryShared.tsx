import { HeartOutlined, PlusOutlined, ShopOutlined, EditOutlined } from '@ant-design/icons';
import { Button, Col, Result, Row, Space, Typography } from 'antd';
import { useEffect, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { useAuth } from '../auth/auth-context';
import { Breadcrumbs } from '../content/Breadcrumbs';
import { useBrand } from '../brand';
import type { HighlightSegment } from '../../lib/highlighted-text';
import { DirectoryCard, DirectoryCardSkeletons } from './DirectoryCard';
import { OwnerActionDialogs, useOwnerActions } from './DirectoryOwnerActions';
import type { PricingPackage } from '../pricing/pricing.operations';
import type { Directory } from './directory.operations';
import { DEFAULT_CARDS_PER_ROW } from './directory-rules';
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
 * loading and the owner's actions (payment dialog, cancel after a confirmation, upgrade and edit routes:
 * DirectoryOwnerActions.tsx). `highlights`: a search's highlighted names by entry id.
 */
export function DirectoryGrid({
  entries,
  loading,
  skeletons,
  perRow = DEFAULT_CARDS_PER_ROW,
  plans,
  onChanged,
  highlights,
}: {
  entries: Directory[];
  loading: boolean;
  skeletons: number;
  perRow?: number;
  plans?: PricingPackage[];
  onChanged?: () => void;
  highlights?: Map<string, HighlightSegment[]>;
}) {
  const { user } = useAuth();
  const bookmarks = useBookmarks();
  const { onOwnerAction, ...dialogs } = useOwnerActions(plans);
  const span = Math.max(1, Math.floor(24 / Math.max(1, perRow)));

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
                nameSegments={highlights?.get(entry.id)}
              />
            </Col>
          ))
        )}
      </Row>
      <OwnerActionDialogs {...dialogs} onChanged={onChanged} />
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
