import { z } from 'zod';
import { familyDecoder, field } from '../codec/event-codec';

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

const subscriptionFact = {
  directoryId: field.id(),
  brand: field.text(),
  userId: field.text(),
  name: field.text(),
  periodEnd: field.text(),
};

/** Version-tolerant decoder of the directory subscription events: `directoryId` is required. */
export const decodeDirectoryEvent = familyDecoder({
  [DIRECTORY_EVENTS.subscriptionCanceled]: z.object({
    directoryId: field.id(),
    brand: field.text(),
    userId: field.text(),
    // Absent in the first version: read as "ended at once".
    periodEnd: field.optionalText(),
  }) satisfies z.ZodType<DirectorySubscriptionCanceledData>,
  [DIRECTORY_EVENTS.subscriptionRenewed]: z.object({
    ...subscriptionFact,
    paymentId: field.text(),
    renewal: field.flag(),
    paymentType: field.text(),
  }) satisfies z.ZodType<DirectorySubscriptionRenewedData>,
  [DIRECTORY_EVENTS.subscriptionPastDue]: z.object({
    ...subscriptionFact,
    paymentId: field.text(),
    reason: field.optionalText(),
  }) satisfies z.ZodType<DirectorySubscriptionPastDueData>,
  [DIRECTORY_EVENTS.subscriptionEnded]: z.object({
    ...subscriptionFact,
    reason: field.oneOf(['canceled', 'pastDue', 'notRenewed'], 'notRenewed'),
  }) satisfies z.ZodType<DirectorySubscriptionEndedData>,
});

export type DirectoryEvent = NonNullable<ReturnType<typeof decodeDirectoryEvent>>;

const directoryPayment = z.object({
  // Only payments for a directory entry are the catalogue's business here.
  itemType: z.literal('DIRECTORY'),
  itemId: field.id(),
  brand: field.text(),
  paymentId: field.optionalText(),
  packageId: field.optionalText(),
  paymentType: field.optionalText(),
  userId: field.optionalText(),
  onBehalfOf: field.optionalText(),
  status: field.optionalText(),
  promotionId: field.optionalText(),
  paidAt: field.optionalText(),
}) satisfies z.ZodType<DirectoryPaymentSucceededData>;

/**
 * The catalogue's view of the payments layer's events for directory entries: `PaymentSucceeded`
 * and `PaymentFailed` whose item is a DIRECTORY entry (null for any other item).
 */
export const decodeDirectoryPaymentEvent = familyDecoder({
  [DIRECTORY_PAYMENT_EVENTS.succeeded]: directoryPayment,
  [DIRECTORY_PAYMENT_EVENTS.failed]: directoryPayment.extend({ reason: field.optionalText() }),
});
