import { PlayCircleOutlined } from '@ant-design/icons';
import { Button, Card, Descriptions, Image, Space, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { VideoDialog } from '../directory/VideoDialog';
import { convertAmount } from '../pricing/exchange-rates';
import type { PropertyField } from './listing-fields';
import { playableVideoUrl } from './listing-videos';
import type { Listing } from './paddock.operations';
import { RichTextView } from './RichTextView';

/** The listing page's images: the first one wide, the others as thumbnails, all in one preview group. */
export function ListingGallery({ listing }: { listing: Listing }) {
  return (
    <Image.PreviewGroup>
      <Space wrap>
        {listing.images.map((image, index) => (
          <Image
            key={image.id}
            src={image.url}
            alt={image.alternativeText ?? `${listing.title} image ${index + 1}`}
            width={index === 0 ? '100%' : 120}
          />
        ))}
      </Space>
    </Image.PreviewGroup>
  );
}

/** A button per playable video of the listing, opening it in the video dialog; nothing when there is none. */
export function ListingVideos({ listing }: { listing: Listing }) {
  const [playing, setPlaying] = useState<string | null>(null);
  // Stored links are embed links; anything else is not played in a frame.
  const videos = listing.videos.flatMap((link) => {
    const url = playableVideoUrl(link);
    return url ? [url] : [];
  });
  if (videos.length === 0) return null;
  return (
    <div data-testid="listing-videos">
      <Typography.Title level={2} style={{ fontSize: 20, marginTop: 16 }}>
        Videos
      </Typography.Title>
      <Space wrap>
        {videos.map((url, index) => (
          <Button key={`${index}-${url}`} icon={<PlayCircleOutlined />} onClick={() => setPlaying(url)}>
            {videos.length === 1 ? 'Play video' : `Play video ${index + 1}`}
          </Button>
        ))}
      </Space>
      {playing ? <VideoDialog open url={playing} title={listing.title} onClose={() => setPlaying(null)} /> : null}
    </div>
  );
}

/** The description, then each rich-text field of the listing's category that the listing fills, in order. */
export function ListingDescription({ listing, fields }: { listing: Listing; fields: PropertyField[] }) {
  const richFields = fields
    .filter((field) => field.enabled && !field.hidden && field.type === 'RICH_TEXT' && typeof listing.extraDetails[field.name] === 'string')
    .sort((a, b) => a.order - b.order);
  return (
    <>
      <Typography.Title level={2} style={{ fontSize: 20, marginTop: 16 }}>
        Description
      </Typography.Title>
      <Typography.Paragraph style={{ whiteSpace: 'pre-line' }}>{listing.description}</Typography.Paragraph>
      {richFields.map((field) => (
        <div key={field.id}>
          <Typography.Title level={2} style={{ fontSize: 20, marginTop: 16 }}>
            {field.label}
          </Typography.Title>
          <RichTextView html={String(listing.extraDetails[field.name])} testId={`listing-rich-${field.name}`} />
        </div>
      ))}
    </>
  );
}

/**
 * The listing page's side card: the price (or Sold), the Bitcoin guideline, the location, the seller and the
 * other filled fields of the listing's category. A sold listing shows no price or guideline and no way to
 * contact the seller about it (issue 24 item 14).
 */
export function ListingSummaryCard({
  listing,
  base,
  price,
  sellerName,
  fields,
  rates,
}: {
  listing: Listing;
  base: string;
  /** The price, POA or Sold. */
  price: string;
  sellerName: string;
  fields: PropertyField[];
  rates: Record<string, number> | null;
}) {
  const sold = listing.status === 'SOLD';
  const shown = fields
    .filter((field) => field.enabled && !field.hidden && listing.extraDetails[field.name] !== undefined && field.type !== 'RICH_TEXT')
    .sort((a, b) => a.order - b.order);
  return (
    <Card>
      <Typography.Title level={2} style={{ fontSize: 26 }} data-testid="listing-price">
        {price}
      </Typography.Title>
      {listing.showBTCExchangeRate && !listing.poa && !sold ? (
        <Typography.Paragraph type="secondary">
          ≈ {rates && listing.price !== null ? convertAmount(listing.price, listing.currency, 'BTC', rates) : listing.btcPrice} BTC
          (approximate guideline only)
        </Typography.Paragraph>
      ) : null}
      <Descriptions column={1} size="small">
        <Descriptions.Item label="Location">
          {[listing.address.city, listing.address.state, listing.address.country].filter(Boolean).join(', ')}
        </Descriptions.Item>
        <Descriptions.Item label="Seller">
          {sold ? sellerName : <Link to={`${base}/listings/${listing.userId}`}>{sellerName}</Link>} (
          {listing.sellerType === 'DEALER' ? 'Dealer' : 'Private'})
        </Descriptions.Item>
        {shown.map((field) => (
          <Descriptions.Item key={field.id} label={field.label}>
            {typeof listing.extraDetails[field.name] === 'boolean'
              ? listing.extraDetails[field.name]
                ? 'Yes'
                : 'No'
              : String(listing.extraDetails[field.name])}
          </Descriptions.Item>
        ))}
      </Descriptions>
    </Card>
  );
}
