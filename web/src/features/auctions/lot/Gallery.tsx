import { Grid } from 'antd';
import { useState } from 'react';
import { MediaImage } from '../MediaImage';

export const THUMBNAILS = 9;
export const THUMBNAILS_SMALL = 6;

/** The gallery: the chosen image (the cover first), then 9 thumbnails (6 on small screens). */
export function Gallery({ ids, brand, title, fallback }: { ids: string[]; brand: string; title: string; fallback: string }) {
  const screens = Grid.useBreakpoint();
  const [current, setCurrent] = useState(0);
  const thumbs = ids.slice(0, screens.md ? THUMBNAILS : THUMBNAILS_SMALL);
  return (
    <div className="ts-gallery">
      <MediaImage
        key={ids[current] ?? 'none'}
        mediaId={ids[current]}
        brand={brand}
        fallback={fallback}
        alt={title}
        className="ts-gallery-main"
      />
      {thumbs.length > 1 ? (
        <div className="ts-gallery-thumbs">
          {thumbs.map((id, index) => (
            <button
              key={id}
              type="button"
              className="ts-gallery-thumb"
              onClick={() => setCurrent(index)}
              aria-label={`Show image ${index + 1}`}
              aria-pressed={index === current}
            >
              <MediaImage mediaId={id} brand={brand} fallback={fallback} alt="" loading="lazy" />
            </button>
          ))}
        </div>
      ) : null}
    </div>
  );
}
