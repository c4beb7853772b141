import { Grid } from 'antd';
import { useState } from 'react';
import type { MediaFile } from '../media';
import { MediaImage } from '../MediaImage';

export const THUMBNAILS = 9;
export const THUMBNAILS_SMALL = 6;

/** The gallery: the chosen image (the cover first), then 9 thumbnails (6 on small screens). */
export function Gallery({ files, title, fallback }: { files: MediaFile[]; title: string; fallback: string }) {
  const screens = Grid.useBreakpoint();
  const [current, setCurrent] = useState(0);
  const thumbs = files.slice(0, screens.md ? THUMBNAILS : THUMBNAILS_SMALL);
  return (
    <div className="ts-gallery">
      <MediaImage
        key={files[current]?.id ?? 'none'}
        file={files[current]}
        size="large"
        fallback={fallback}
        alt={files[current]?.alternativeText || title}
        className="ts-gallery-main"
      />
      {thumbs.length > 1 ? (
        <div className="ts-gallery-thumbs">
          {thumbs.map((file, index) => (
            <button
              key={file.id}
              type="button"
              className="ts-gallery-thumb"
              onClick={() => setCurrent(index)}
              aria-label={`Show image ${index + 1}`}
              aria-pressed={index === current}
            >
              <MediaImage file={file} size="thumbnail" fallback={fallback} alt="" loading="lazy" />
            </button>
          ))}
        </div>
      ) : null}
    </div>
  );
}
