import { formatMoney } from '../email/notification-templates';
import type { NotificationKind } from './notification-kinds';

/** What the notifications feature knows of a lot (identity.notification_lots). */
export interface NotificationLot {
  lotId: string;
  brand: string;
  sellerId: string;
  title: string;
  slug: string;
  currency: string;
  status: string;
  /** A relisted lot starts a new round: its reminders and results are new occurrences. */
  round: number;
  finalEnd: Date | null;
  topBidderId: string | null;
  topAmountCents: number | null;
}

/** Facts a kind's text needs beyond the lot. */
export interface NoticeDetail {
  amountCents?: number | null;
  hours?: number;
  sold?: boolean;
}

/** The in-app title and line of a notification (the email says the same at more length). */
export function noticeText(kind: NotificationKind, lot: NotificationLot, detail: NoticeDetail): { title: string; body: string } {
  const amount = detail.amountCents != null ? formatMoney(detail.amountCents, lot.currency) : null;
  switch (kind) {
    case 'OUTBID':
      return { title: `Outbid on ${lot.title}`, body: `Another bidder bid ${amount ?? 'more'}. Bid again to stay in the running.` };
    case 'WATCHED_LIVE':
      return { title: `${lot.title} is live`, body: 'A lot on your watchlist is now open for bidding.' };
    case 'ENDING_SOON': {
      const left = detail.hours === 1 ? '1 hour' : `${detail.hours ?? 0} hours`;
      return { title: `${lot.title} ends in ${left}`, body: `The auction ends in less than ${left}.` };
    }
    case 'WON':
      return { title: `You won ${lot.title}`, body: `Your bid of ${amount ?? ''} won. The seller will be in touch.` };
    case 'LOST':
      return {
        title: `${lot.title} has ended`,
        body: detail.sold ? 'Another bidder won it.' : 'The reserve was not met, so the lot did not sell.',
      };
    case 'LOT_ENDED':
      return {
        title: `Your auction of ${lot.title} has ended`,
        body: detail.sold
          ? `It sold for ${amount ?? ''}.`
          : amount
            ? `The top bid, ${amount}, did not meet your reserve.`
            : 'It received no bids.',
      };
    case 'MAX_EXCEEDED':
      return {
        title: `Your maximum on ${lot.title} was exceeded`,
        body: `Another bidder bid ${amount ?? 'more'}, above your maximum. Raise it or bid again to stay in the running.`,
      };
    default: {
      const never: never = kind;
      return never;
    }
  }
}

/** The lot page (spec 001 section 2: /auction/lot/{slug}), relative to the brand's site. */
export function lotPath(lot: NotificationLot): string {
  return `/auction/lot/${encodeURIComponent(lot.slug)}`;
}
