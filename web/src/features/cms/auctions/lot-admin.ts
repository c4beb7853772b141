import { AUCTION_ERROR_MESSAGES } from '@trackside/contracts/errors/auction-error-codes';
import type { CmsLotRow, LotStatus } from './auctions.operations';

/** The lot tables' page size (the spec does not show one). */
export const LOTS_PAGE_SIZE = 20;

/** The spec's admin-side statuses (spec 002 section 4) and the lot statuses each one lists. */
export const ADMIN_STATUSES = [
  { key: 'submitted', label: 'Submitted', statuses: ['PENDING'] },
  { key: 'approved', label: 'Approved', statuses: ['APPROVED'] },
  { key: 'scheduled', label: 'Scheduled', statuses: ['SCHEDULED'] },
  { key: 'live', label: 'Live', statuses: ['LIVE'] },
  { key: 'ended', label: 'Ended', statuses: ['SOLD', 'RESERVE_NOT_MET', 'CANCELED'] },
] as const satisfies ReadonlyArray<{ key: string; label: string; statuses: readonly LotStatus[] }>;

export type AdminStatus = (typeof ADMIN_STATUSES)[number]['key'];

export function statusesOf(key: AdminStatus): LotStatus[] {
  return [...(ADMIN_STATUSES.find((entry) => entry.key === key)?.statuses ?? [])];
}

/**
 * The filter a `?status=` value opens: a lot status, as the CMS home links (SOLD, RESERVE_NOT_MET
 * and CANCELED open Ended), or a filter's own key; anything else opens Submitted.
 */
export function adminStatusOf(value: string | null): AdminStatus {
  const wanted = value?.trim() ?? '';
  const byStatus = ADMIN_STATUSES.find((entry) => (entry.statuses as readonly string[]).includes(wanted.toUpperCase()));
  const byKey = ADMIN_STATUSES.find((entry) => entry.key === wanted.toLowerCase());
  return (byStatus ?? byKey)?.key ?? 'submitted';
}

/** The `?status=` value a filter writes: its first lot status, the same words as the home's links. */
export function statusParamOf(key: AdminStatus): LotStatus {
  return statusesOf(key)[0] ?? 'PENDING';
}

export const STATUS_LABELS: Record<LotStatus, string> = {
  PENDING: 'Submitted',
  APPROVED: 'Approved',
  SCHEDULED: 'Scheduled',
  LIVE: 'Live',
  SOLD: 'Sold',
  RESERVE_NOT_MET: 'Reserve not met',
  CANCELED: 'Canceled',
};

export type LotAction = 'approve' | 'disapprove' | 'schedule' | 'send' | 'remove';

const CLOSED: LotStatus[] = ['SOLD', 'RESERVE_NOT_MET', 'CANCELED'];

/**
 * What a lot of this brand offers, as the lot decider allows it (services/auction/src/domain):
 * approve while submitted; disapprove until it goes live; schedule (or reschedule) once approved;
 * send to the network until it is live or ended; remove from the network while no host accepted it.
 */
export function lotActions(lot: Pick<CmsLotRow, 'status' | 'shared' | 'hosts'>): LotAction[] {
  const actions: LotAction[] = [];
  if (lot.status === 'PENDING') actions.push('approve');
  if (lot.status === 'APPROVED' || lot.status === 'SCHEDULED') actions.push('schedule');
  if (lot.status === 'PENDING' || lot.status === 'APPROVED' || lot.status === 'SCHEDULED') actions.push('disapprove');
  const open = lot.status !== 'LIVE' && !CLOSED.includes(lot.status);
  if (!lot.shared && open) actions.push('send');
  if (lot.shared && lot.hosts.length === 0 && lot.status !== 'LIVE') actions.push('remove');
  return actions;
}

/** Approving a lot whose package is unpaid needs an explicit confirmation (auction.approve.unpaid). */
export function needsUnpaidConfirmation(lot: Pick<CmsLotRow, 'paymentStatus'>): boolean {
  return lot.paymentStatus === 'UNPAID';
}

const DAY_MS = 86_400_000;

/** The end a start gives: exactly the brand's dateRangeLimit days later (spec 001 section 9). */
export function scheduleEnd(start: Date, dateRangeLimitDays: number): Date {
  return new Date(start.getTime() + dateRangeLimitDays * DAY_MS);
}

export type ScheduleCode =
  | 'auction.network.schedule.error.dates.missing'
  | 'auction.network.schedule.error.dates.same'
  | 'auction.network.schedule.error.startDate.inPast'
  | 'auction.network.schedule.error.endDate.inPast'
  | 'auction.network.schedule.error.dates.end.before.start'
  | 'auction.network.schedule.error.rangeOutOfBounds';

/** The server's tolerance on the length (docs/decisions.md "Scheduling"). */
const RANGE_TOLERANCE_MS = 60_000;

/** The server's schedule checks in its order, so the form says the same thing before sending. */
export function scheduleProblem(start: Date | null, end: Date | null, now: Date, dateRangeLimitDays: number): ScheduleCode | null {
  if (!start || !end) return 'auction.network.schedule.error.dates.missing';
  if (start.getTime() === end.getTime()) return 'auction.network.schedule.error.dates.same';
  if (start.getTime() < now.getTime()) return 'auction.network.schedule.error.startDate.inPast';
  if (end.getTime() < now.getTime()) return 'auction.network.schedule.error.endDate.inPast';
  if (end.getTime() < start.getTime()) return 'auction.network.schedule.error.dates.end.before.start';
  if (Math.abs(end.getTime() - start.getTime() - dateRangeLimitDays * DAY_MS) >= RANGE_TOLERANCE_MS)
    return 'auction.network.schedule.error.rangeOutOfBounds';
  return null;
}

/** A server refusal as staff read it: the shared catalogue's text for its code, else the server's message. */
export function lotErrorMessage(code: string | null, serverMessage: string): string {
  if (code && code in AUCTION_ERROR_MESSAGES) return AUCTION_ERROR_MESSAGES[code as keyof typeof AUCTION_ERROR_MESSAGES];
  return serverMessage;
}

/** Who offered a network lot: its brand, and who else already hosts or declined it. */
export function networkSummary(lot: Pick<CmsLotRow, 'brand' | 'hosts' | 'hosts_declined'>): string {
  const parts = [`from ${lot.brand}`];
  if (lot.hosts.length > 0) parts.push(`hosted by ${lot.hosts.join(', ')}`);
  if (lot.hosts_declined.length > 0) parts.push(`declined by ${lot.hosts_declined.join(', ')}`);
  return parts.join('; ');
}
