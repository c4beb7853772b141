/**
 * Countdown text (spec 000 section 4): 'Completed' (or a custom ending text) at zero; with 48 hours
 * or fewer left, hours:minutes:seconds; otherwise the remaining time as text.
 */
export const HMS_THRESHOLD_MS = 48 * 3600 * 1000;

export function formatCountdown(remainingMs: number, endingText = 'Completed'): string {
  if (remainingMs <= 0) return endingText;
  const totalSeconds = Math.floor(remainingMs / 1000);
  if (remainingMs <= HMS_THRESHOLD_MS) {
    const hours = Math.floor(totalSeconds / 3600);
    const minutes = Math.floor((totalSeconds % 3600) / 60);
    const seconds = totalSeconds % 60;
    return [hours, minutes, seconds].map((part) => String(part).padStart(2, '0')).join(':');
  }
  const days = Math.floor(totalSeconds / 86_400);
  const hours = Math.floor((totalSeconds % 86_400) / 3600);
  const dayText = `${days} ${days === 1 ? 'day' : 'days'}`;
  return hours > 0 ? `${dayText} ${hours} ${hours === 1 ? 'hour' : 'hours'}` : dayText;
}
