/**
 * Integration events about directory entries, appended by the catalogue service on stream
 * `directory-<id>` (payments can stop a recurring charge when a subscription is cancelled; identity
 * emails the owner about renewals, failed renewals and the end of the plan).
 */
export const DIRECTORY_EVENTS = {
  subscriptionCanceled: 'DirectorySubscriptionCanceled',
  /** A paid period started or was extended by a payment (renewal: it extended a running period). */
  subscriptionRenewed: 'DirectorySubscriptionRenewed',
  /** A recurring payment for the running plan failed; the plan stays until the period ends. */
  subscriptionPastDue: 'DirectorySubscriptionPastDue',
  /** The paid period ended without a renewal: the Featured plan is off. */
  subscriptionEnded: 'DirectorySubscriptionEnded',
} as const;

export const DIRECTORY_STREAM_PREFIX = 'directory-';

export function directoryStreamId(id: string): string {
  return `${DIRECTORY_STREAM_PREFIX}${id}`;
}

export interface DirectorySubscriptionCanceledData {
  directoryId: string;
  brand: string;
  userId: string;
  /** ISO instant until which the plan stays active; null when it ended at once (no paid period). */
  periodEnd?: string | null;
}

/** Facts about an entry's paid plan; `userId` is the owner (who is emailed), `name` the entry's name. */
interface DirectorySubscriptionFact {
  directoryId: string;
  brand: string;
  userId: string;
  name: string;
  /** ISO instant the current paid period ends. */
  periodEnd: string;
}

export interface DirectorySubscriptionRenewedData extends DirectorySubscriptionFact {
  paymentId: string;
  /** True when the payment extended a period that was still running (a renewal), false for a new period. */
  renewal: boolean;
  /** MONTHLY or YEARLY. */
  paymentType: string;
}

export interface DirectorySubscriptionPastDueData extends DirectorySubscriptionFact {
  paymentId: string;
  reason: string | null;
}

export interface DirectorySubscriptionEndedData extends DirectorySubscriptionFact {
  /** Why no renewal came: the owner cancelled, the renewal failed (past due), or nothing was paid. */
  reason: 'canceled' | 'pastDue' | 'notRenewed';
}

/**
 * What the catalogue consumes from the payments layer: `PaymentSucceeded` (any stream) whose
 * `itemType` is DIRECTORY turns the entry's featured subscription on. The payments side owns the
 * event; this is the part of its data the catalogue reads (unknown fields are ignored).
 */
export const DIRECTORY_PAYMENT_EVENTS = {
  succeeded: 'PaymentSucceeded',
  failed: 'PaymentFailed',
} as const;

export interface DirectoryPaymentSucceededData {
  itemType: string;
  /** The directory entry id. */
  itemId: string;
  brand: string;
  /** Identity's payment id: a payment extends a plan once however often the log is read. */
  paymentId?: string | null;
  packageId?: string | null;
  paymentType?: string | null;
  /** The payer. */
  userId?: string | null;
  /** Staff paid for the owner: the owner's id; the plan applies when it (else userId) owns the entry. */
  onBehalfOf?: string | null;
  /** PAID, or FREE (a 100 % promotion when promotionId is set); only these may grant a paid plan. */
  status?: string | null;
  promotionId?: string | null;
  /** ISO instant of the payment; a MONTHLY / YEARLY period is counted from it (replay gives the same end). */
  paidAt?: string | null;
}
