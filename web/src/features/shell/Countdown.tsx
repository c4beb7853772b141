import { useEffect, useRef, useState } from 'react';
import { serverNow, useServerOffset } from '../../lib/server-clock';
import { formatCountdown } from './countdown-format';

interface Props {
  to: string | null | undefined;
  endingText?: string;
  /** Called once when the countdown reaches zero (the spec's refresh). */
  onComplete?: () => void;
  className?: string;
}

/** A ticking countdown to `to`, corrected by the server clock. */
export function Countdown({ to, endingText, onComplete, className }: Props) {
  useServerOffset();
  const target = to ? Date.parse(to) : NaN;
  const [now, setNow] = useState(serverNow);
  const completed = useRef(false);
  useEffect(() => {
    completed.current = false;
    const timer = window.setInterval(() => setNow(serverNow()), 1000);
    return () => window.clearInterval(timer);
  }, [target]);
  const remaining = Number.isFinite(target) ? target - now : 0;
  useEffect(() => {
    if (remaining <= 0 && Number.isFinite(target) && !completed.current) {
      completed.current = true;
      onComplete?.();
    }
  }, [remaining, target, onComplete]);
  return (
    <span className={className} role="timer" aria-live="off">
      {formatCountdown(remaining, endingText)}
    </span>
  );
}
