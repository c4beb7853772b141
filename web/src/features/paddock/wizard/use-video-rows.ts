import { useState } from 'react';
import { canAddVideo, LISTING_VIDEO_MESSAGES, videoCountError, videoLinkError, videoRowsFrom } from '../listing-videos';

/**
 * The Media step's video link rows (blank ones are dropped on save): per-row messages once a row is
 * left or Next is pressed, the package's count limit, and a refusal from the service.
 */
export function useVideoRows(saved: string[] | undefined, limit: number) {
  const [rows, setRows] = useState<string[]>(() => videoRowsFrom(saved));
  const [touched, setTouched] = useState<boolean[]>([]);
  const [checked, setChecked] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const rowErrors = rows.map(videoLinkError);
  return {
    rows,
    limit,
    rowErrors,
    rowMessage: (index: number) => (touched[index] || checked ? rowErrors[index] : null),
    message: refusal ?? (checked ? videoCountError(rows, limit) : null),
    setRefusal,
    /** Next pressed on Media: shows every message; true when the rows may be saved. */
    check: () => {
      setChecked(true);
      return videoCountError(rows, limit) === null && !rowErrors.some(Boolean);
    },
    set: (index: number, value: string) => {
      setRefusal(null);
      setRows((current) => current.map((row, at) => (at === index ? value : row)));
    },
    leave: (index: number) =>
      setTouched((current) => {
        const next = [...current];
        next[index] = true;
        return next;
      }),
    remove: (index: number) => {
      setRefusal(null);
      setRows((current) => current.filter((_, at) => at !== index));
      setTouched((current) => current.filter((_, at) => at !== index));
    },
    add: () => {
      if (!canAddVideo(rows, limit)) {
        setRefusal(LISTING_VIDEO_MESSAGES.tooMany(limit));
        return;
      }
      setRefusal(null);
      setRows((current) => [...current, '']);
    },
  };
}

export type VideoRows = ReturnType<typeof useVideoRows>;
