import { CloseOutlined } from '@ant-design/icons';
import { Button, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { readCookie, writeCookie } from '../../lib/cookies';
import { useBrand } from '../brand';

/**
 * The announcement banner (spec 000 section 2): shown secondsBeforeBannerShows after load when the
 * brand has an announcement; closing it keeps it closed for daysToLive days (default 1).
 * Its slot (same fixed height) is there from load, so the banner's arrival never moves the page under
 * the pointer: a drag or click started in those seconds would otherwise land 48 px off
 * (docs/decisions.md "Announcement banner without layout shift").
 */
export function AnnouncementBanner() {
  const { config } = useBrand();
  const announcement = config.announcement;
  const cookie = announcement ? `announcementSeen-${hash(announcement.title)}` : '';
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    if (!announcement || readCookie(cookie)) return;
    const timer = window.setTimeout(() => setVisible(true), Math.max(0, announcement.secondsBeforeBannerShows ?? 0) * 1000);
    return () => window.clearTimeout(timer);
  }, [announcement, cookie]);
  const due = announcement !== null && !readCookie(cookie);
  if (!announcement || !due) return null;
  if (!visible) return <div className="ts-announcement ts-announcement-slot" aria-hidden="true" data-testid="announcement-slot" />;
  const close = () => {
    writeCookie(cookie, '1', announcement.daysToLive ?? 1);
    setVisible(false);
  };
  return (
    <div className="ts-announcement" role="region" aria-label="Announcement">
      <img src={announcement.image || config.theme.defaultImage} alt="" className="ts-announcement-image" />
      <div className="ts-announcement-text">
        <Typography.Text strong>{announcement.title}</Typography.Text>
        {announcement.subtitle ? <Typography.Text> {announcement.subtitle}</Typography.Text> : null}
        {announcement.link ? (
          <a href={announcement.link} className="ts-announcement-link">
            Learn more
          </a>
        ) : null}
      </div>
      <Button type="text" icon={<CloseOutlined />} onClick={close} aria-label="Close announcement" />
    </div>
  );
}

function hash(text: string): string {
  let value = 0;
  for (const char of text) value = (value * 31 + char.charCodeAt(0)) | 0;
  return Math.abs(value).toString(36);
}
