import { Grid, Image } from 'antd';
import { useState } from 'react';
import { mediaUrl } from '../media';

export const THUMBNAILS = 9;
export const THUMBNAILS_SMALL = 6;

/** The gallery: the cover, then 9 thumbnails (6 on small screens). */
export function Gallery({ ids, title, fallback }: { ids: string[]; title: string; fallback: string }) {
  const screens = Grid.useBreakpoint();
  const [current, setCurrent] = useState(0);
  const urls = ids.map((id) => mediaUrl(id)).filter((url): url is string => url !== null);
  const main = urls[current] ?? fallback;
  const thumbs = urls.slice(0, screens.md ? THUMBNAILS : THUMBNAILS_SMALL);
  return (
    <div className="ts-gallery">
      <Image src={main} alt={title} fallback={fallback} className="ts-gallery-main" preview={urls.length > 0} />
      {thumbs.length > 1 ? (
        <div className="ts-gallery-thumbs">
          {thumbs.map((url, index) => (
            <button
              key={url}
              type="button"
              className="ts-gallery-thumb"
              onClick={() => setCurrent(index)}
              aria-label={`Show image ${index + 1}`}
            >
              <img src={url} alt="" loading="lazy" />
            </button>
          ))}
        </div>
      ) : null}
    </div>
  );
}
