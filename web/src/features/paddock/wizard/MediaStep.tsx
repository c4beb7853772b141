import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Form, Input, Space, Typography } from 'antd';
import { ImageUploader, type ImageGroupValue } from '../../auctions/wizard/ImageUploader';
import type { VideoRows } from './use-video-rows';

/** Step 4: images (the first is the cover, reordered by drag) and, when the package allows, video links. */
export function MediaStep({
  label,
  fallback,
  imageLimit,
  images,
  imageError,
  onImages,
  videos,
}: {
  label: string;
  fallback: string;
  imageLimit: number;
  images: ImageGroupValue;
  imageError: string | null;
  onImages: (next: ImageGroupValue) => void;
  videos: VideoRows;
}) {
  return (
    <>
      <Typography.Paragraph type="secondary">
        Drag the images into the order you want: the first image is the cover. At most {imageLimit} images, .jpg, .jpeg or .png, 5 Mb each.
      </Typography.Paragraph>
      <ImageUploader
        label={label}
        fallback={fallback}
        limit={imageLimit}
        value={images}
        showCover
        error={imageError ?? undefined}
        onChange={onImages}
      />
      {videos.limit > 0 || videos.rows.length > 0 ? <VideoLinks videos={videos} /> : null}
    </>
  );
}

function VideoLinks({ videos }: { videos: VideoRows }) {
  return (
    <div className="ts-listing-videos" data-testid="listing-videos">
      <Typography.Title level={2} style={{ fontSize: 18, marginTop: 24 }}>
        Videos
      </Typography.Title>
      <Typography.Paragraph type="secondary">
        YouTube or Vimeo links, at most {videos.limit} {videos.limit === 1 ? 'video' : 'videos'}.
      </Typography.Paragraph>
      {videos.rows.map((row, index) => {
        const message = videos.rowMessage(index);
        return (
          <Form.Item
            key={index}
            label={`Video link ${index + 1}`}
            htmlFor={`video-${index}`}
            validateStatus={message ? 'error' : undefined}
            help={message ?? undefined}
          >
            <Space.Compact style={{ width: '100%' }}>
              <Input
                id={`video-${index}`}
                inputMode="url"
                placeholder="https://www.youtube.com/watch?v="
                value={row}
                onChange={(event) => videos.set(index, event.target.value)}
                onBlur={() => videos.leave(index)}
              />
              <Button icon={<DeleteOutlined />} aria-label={`Remove video link ${index + 1}`} onClick={() => videos.remove(index)} />
            </Space.Compact>
          </Form.Item>
        );
      })}
      {videos.message ? (
        <Typography.Paragraph type="danger" role="alert" data-testid="listing-videos-error">
          {videos.message}
        </Typography.Paragraph>
      ) : null}
      <Button icon={<PlusOutlined />} onClick={videos.add}>
        Add video link
      </Button>
    </div>
  );
}
