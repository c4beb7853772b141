/**
 * Wording of a directory entry's paid plan (issue 17): until when a cancelled plan stays active, and
 * what the cancel confirmation says. Dates read like "26 Dec 2026" in the viewer's own time zone;
 * month names are fixed here so every browser writes them the same way.
 */
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

export function planDate(iso: string | null | undefined): string | null {
  if (!iso) return null;
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return null;
  return `${date.getDate()} ${MONTHS[date.getMonth()]} ${date.getFullYear()}`;
}

/** The confirmation's sentence: a paid period keeps the plan until its end; without one it ends now. */
export function cancelConfirmationText(periodEnd: string | null | undefined): string {
  const until = planDate(periodEnd);
  return until ? `Your Featured plan stays active until ${until}.` : 'Your Featured plan ends now.';
}

export interface PlanStatusEntry {
  featured: boolean;
  activeSubscription: boolean;
  subscriptionPeriodEnd?: string | null;
  subscriptionCancelAtPeriodEnd?: boolean;
  subscriptionPastDue?: boolean;
}

/** The card's plan line for the owner: "Active until …" once cancelled, a failed renewal, or nothing. */
export function planStatusLabel(entry: PlanStatusEntry): { text: string; tone: 'warning' | 'error' } | null {
  if (!entry.featured || !entry.activeSubscription) return null;
  const until = planDate(entry.subscriptionPeriodEnd);
  if (entry.subscriptionCancelAtPeriodEnd) return { text: until ? `Active until ${until}` : 'Cancelled', tone: 'warning' };
  if (entry.subscriptionPastDue) return { text: until ? `Payment failed: active until ${until}` : 'Payment failed', tone: 'error' };
  return null;
}
