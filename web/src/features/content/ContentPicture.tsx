import { useState } from 'react';
import { useBrand } from '../brand';
import type { ContentImage } from './pages.operations';

/** An image from the content service; a missing or broken one shows the brand's default image. */
export function ContentPicture({
  image,
  className,
  alt,
  loading = 'lazy',
}: {
  image: ContentImage | null | undefined;
  className?: string;
  alt?: string;
  loading?: 'lazy' | 'eager';
}) {
  const { config } = useBrand();
  const [failed, setFailed] = useState(false);
  const src = !image?.url || failed ? config.theme.defaultImage : image.url;
  return (
    <img
      src={src}
      alt={alt ?? image?.alternativeText ?? ''}
      className={className}
      loading={loading}
      onError={() => {
        if (!failed) setFailed(true);
      }}
    />
  );
}
