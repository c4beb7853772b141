import {
  EditOutlined,
  EnvironmentOutlined,
  FacebookOutlined,
  GlobalOutlined,
  HeartFilled,
  HeartOutlined,
  InstagramOutlined,
  LinkedinOutlined,
  MailOutlined,
  MoreOutlined,
  PhoneOutlined,
  PlayCircleOutlined,
  ShareAltOutlined,
  TwitterOutlined,
  YoutubeOutlined,
} from '@ant-design/icons';
import { Badge, Button, Card, Collapse, Dropdown, Popover, Space, Tag, Typography } from 'antd';
import { useState, type ReactNode } from 'react';
import { HighlightedText, type HighlightSegment } from '../../lib/highlighted-text';
import { useBrand } from '../brand';
import type { Directory } from './directory.operations';
import { DAY_NAMES, HOURS_DAYS, categoryLabel, ownerMenuItems } from './directory-rules';
import { planStatusLabel } from './subscription-rules';
import { VideoDialog } from './VideoDialog';

const SOCIAL_ICONS: Record<string, ReactNode> = {
  facebook: <FacebookOutlined />,
  instagram: <InstagramOutlined />,
  youtube: <YoutubeOutlined />,
  linkedin: <LinkedinOutlined />,
  twitter: <TwitterOutlined />,
};

export type OwnerAction = 'Pay Subscription' | 'Cancel Subscription' | 'Upgrade Plan' | 'Edit';

/** The category, featured, plan status and change-review tags under the name. */
function CardTags({ entry, isOwner }: { entry: Directory; isOwner: boolean }) {
  // The owner's plan after a cancel or a failed renewal (issue 17); others get no billing fields.
  const plan = isOwner ? planStatusLabel(entry) : null;
  return (
    <Space size={4} wrap>
      <Tag>{categoryLabel(entry.category)}</Tag>
      {entry.featured ? <Tag color="gold">Featured</Tag> : null}
      {plan ? (
        <Tag color={plan.tone === 'error' ? 'red' : 'orange'} data-testid="directory-plan-status">
          {plan.text}
        </Tag>
      ) : null}
      {isOwner && entry.changesAwaitingReview ? (
        <Tag color="blue" data-testid="directory-change-review">
          Changes awaiting review
        </Tag>
      ) : null}
    </Space>
  );
}

/** What a directory card and its buttons are given. */
interface DirectoryCardProps {
  entry: Directory;
  bookmarked: boolean;
  onToggleBookmark?: (id: string) => void;
  isOwner: boolean;
  onOwnerAction?: (action: OwnerAction, entry: Directory) => void;
  /** The name as a search highlighted it (its matched words in <mark>), when the search matched it. */
  nameSegments?: HighlightSegment[];
}

/** The bookmark heart and, for the owner, the manage menu (Pay Subscription badged when payment is due). */
function CardButtons({ entry, bookmarked, onToggleBookmark, isOwner, onOwnerAction }: DirectoryCardProps) {
  const { config } = useBrand();
  const menu = ownerMenuItems(entry) as OwnerAction[];
  const needsPayment = entry.featured && (!entry.activeSubscription || entry.subscriptionPastDue);
  return (
    <Space size={0}>
      {onToggleBookmark ? (
        <Button
          type="text"
          aria-label={bookmarked ? `Remove ${entry.name} from favourites` : `Add ${entry.name} to favourites`}
          aria-pressed={bookmarked}
          icon={bookmarked ? <HeartFilled style={{ color: config.theme.error }} /> : <HeartOutlined />}
          onClick={() => onToggleBookmark(entry.id)}
        />
      ) : null}
      {isOwner && onOwnerAction ? (
        <Badge dot={needsPayment} status="error">
          <Dropdown
            trigger={['click']}
            menu={{
              items: menu.map((label) => ({
                key: label,
                label: label === 'Pay Subscription' ? <Badge status="error" text={label} /> : label,
                icon: label === 'Edit' ? <EditOutlined /> : undefined,
              })),
              onClick: ({ key }) => onOwnerAction(key as OwnerAction, entry),
            }}
          >
            <Button type="text" aria-label={`Manage ${entry.name}`} icon={<MoreOutlined />} />
          </Dropdown>
        </Badge>
      ) : null}
    </Space>
  );
}

/** The website, address, phone and email lines, each only when the entry has it. */
function ContactLines({ entry }: { entry: Directory }) {
  const address = [
    entry.addressStreet1,
    entry.addressStreet2,
    entry.addressCity,
    entry.addressState,
    entry.addressPostal,
    entry.addressCountry,
  ]
    .filter(Boolean)
    .join(', ');
  return (
    <>
      {entry.website ? (
        <Typography.Text>
          <GlobalOutlined />{' '}
          <a href={entry.website} target="_blank" rel="noreferrer noopener">
            {entry.website.replace(/^https?:\/\//, '')}
          </a>
        </Typography.Text>
      ) : null}
      {address ? (
        <Typography.Text>
          <EnvironmentOutlined /> {address}
        </Typography.Text>
      ) : null}
      {entry.phone ? (
        <Typography.Text>
          <PhoneOutlined /> <a href={`tel:${entry.phone}`}>{entry.phone}</a>
        </Typography.Text>
      ) : null}
      {entry.email ? (
        <Typography.Text>
          <MailOutlined /> <a href={`mailto:${entry.email}`}>{entry.email}</a>
        </Typography.Text>
      ) : null}
    </>
  );
}

/** The collapsible weekly hours table (a day without hours reads Closed). */
function HoursCollapse({ hours }: { hours: NonNullable<Directory['hoursOfOperation']> }) {
  return (
    <Collapse
      size="small"
      ghost
      items={[
        {
          key: 'hours',
          label: 'Hours of operation',
          children: (
            <table className="ts-hours-table">
              <tbody>
                {HOURS_DAYS.map((day) => (
                  <tr key={day}>
                    <th scope="row" style={{ textAlign: 'left', paddingRight: 12, fontWeight: 500 }}>
                      {DAY_NAMES[day]}
                    </th>
                    <td>{hours[day] ?? 'Closed'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          ),
        },
      ]}
    />
  );
}

/**
 * A directory card (spec 002 section 2): image, name, website, address, phone, email, collapsible
 * weekly hours, social links in a popover, a video button opening the embedded video, the bookmark
 * heart, and for the owner an edit menu (section 4: Pay Subscription with an error badge, Cancel
 * Subscription, Upgrade Plan, Edit).
 */
export function DirectoryCard({ entry, bookmarked, onToggleBookmark, isOwner, onOwnerAction, nameSegments }: DirectoryCardProps) {
  const { config } = useBrand();
  const [videoOpen, setVideoOpen] = useState(false);
  const social = Object.entries(entry.socialLinks ?? {}).filter(([key, url]) => key !== '__typename' && typeof url === 'string' && url);
  const hours = entry.hoursOfOperation;
  return (
    <Card
      className="ts-directory-card"
      data-testid="directory-card"
      cover={
        <img
          className="ts-directory-card-image"
          src={entry.image?.url ?? config.theme.defaultImage}
          alt={entry.image?.alternativeText ?? entry.name}
          loading="lazy"
        />
      }
    >
      <div className="ts-directory-card-head">
        <div>
          <Typography.Title level={3} style={{ fontSize: 18, margin: 0 }}>
            <HighlightedText text={entry.name} segments={nameSegments} />
          </Typography.Title>
          <CardTags entry={entry} isOwner={isOwner} />
        </div>
        <CardButtons
          entry={entry}
          bookmarked={bookmarked}
          onToggleBookmark={onToggleBookmark}
          isOwner={isOwner}
          onOwnerAction={onOwnerAction}
        />
      </div>
      <ContactLines entry={entry} />
      {hours ? <HoursCollapse hours={hours} /> : null}
      <div className="ts-directory-card-actions">
        {social.length > 0 ? (
          <Popover
            trigger="click"
            title="Social links"
            content={
              <Space>
                {social.map(([key, url]) => (
                  <a key={key} href={url as string} target="_blank" rel="noreferrer noopener" aria-label={key}>
                    {SOCIAL_ICONS[key]}
                  </a>
                ))}
              </Space>
            }
          >
            <Button size="small" icon={<ShareAltOutlined />}>
              Social
            </Button>
          </Popover>
        ) : null}
        {entry.videoURL ? (
          <Button size="small" icon={<PlayCircleOutlined />} onClick={() => setVideoOpen(true)}>
            Video
          </Button>
        ) : null}
      </div>
      {entry.videoURL ? <VideoDialog open={videoOpen} url={entry.videoURL} title={entry.name} onClose={() => setVideoOpen(false)} /> : null}
    </Card>
  );
}

/** Skeleton cards while a directory list loads. */
export function DirectoryCardSkeletons({ count }: { count: number }) {
  return (
    <>
      {Array.from({ length: count }, (_, index) => (
        <Card key={index} loading data-testid="directory-skeleton" />
      ))}
    </>
  );
}
