import { useState, type ImgHTMLAttributes } from 'react';
import { mediaUrl, type ImageSize, type MediaFile } from './media';

/** An <img> of a stored file at the wanted size; the fallback (the brand's default image) when missing or failing to load. */
export function MediaImage({
  file,
  size,
  fallback,
  ...rest
}: { file: MediaFile | null | undefined; size: ImageSize; fallback: string } & Omit<ImgHTMLAttributes<HTMLImageElement>, 'src'>) {
  const src = mediaUrl(file, size);
  const [failed, setFailed] = useState<string | null>(null);
  return <img {...rest} src={src && failed !== src ? src : fallback} onError={() => setFailed(src)} />;
}
