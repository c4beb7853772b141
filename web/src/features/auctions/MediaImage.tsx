import { useState, type ImgHTMLAttributes } from 'react';
import { mediaCandidates } from './media';

/** An <img> of a media id: each stored location in turn, then the fallback (the brand's default image). */
export function MediaImage({
  mediaId,
  brand,
  fallback,
  ...rest
}: { mediaId: string | null | undefined; brand: string; fallback: string } & Omit<ImgHTMLAttributes<HTMLImageElement>, 'src'>) {
  const candidates = mediaCandidates(mediaId, brand);
  const [attempt, setAttempt] = useState(0);
  const src = candidates[attempt] ?? fallback;
  return <img {...rest} src={src} onError={() => setAttempt((n) => (n < candidates.length ? n + 1 : n))} />;
}
