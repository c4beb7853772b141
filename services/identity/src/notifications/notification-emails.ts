import { Inject, Injectable } from '@nestjs/common';
import { resolveJwtSecret } from '@trackside/platform';
import type { EntityManager } from 'typeorm';
import { PublicLinks } from '../common/public-links';
import type { IdentityConfig } from '../config/identity-config';
import { IDENTITY_CONFIG } from '../config/identity-config.token';
import { EmailOutbox, type OutgoingEmail } from '../email/email-outbox.service';
import { brandDisplayName, type RenderedEmail } from '../email/email-templates';
import {
  auctionLostEmail,
  formatMoney,
  lotEndingSoonEmail,
  maxBidExceededEmail,
  watchedLotLiveEmail,
  withUnsubscribe,
} from '../email/notification-templates';
import { NOTIFICATION_KINDS, type NotificationKind } from './notification-kinds';
import { NotificationStore, type StoredNotification } from './notification-store';
import type { NoticeDetail, NotificationLot } from './notification-text';
import { unsubscribeToken } from './unsubscribe-token';

export interface EmailCandidate {
  notification: StoredNotification;
  lot: NotificationLot;
  detail: NoticeDetail;
}

/**
 * Emails the new notifications whose kind is emailed here and whose user wants it by email, in
 * the caller's transaction (with the notification rows and the checkpoint: once each). Every email
 * carries the one-click unsubscribe link of its kind (the web page /notifications/unsubscribe/:token).
 */
@Injectable()
export class NotificationEmails {
  private readonly secret: string;

  constructor(
    private readonly outbox: EmailOutbox,
    private readonly links: PublicLinks,
    private readonly store: NotificationStore,
    @Inject(IDENTITY_CONFIG) config: IdentityConfig,
  ) {
    this.secret = resolveJwtSecret(config);
  }

  unsubscribeLink(brand: string, userId: string, kind: NotificationKind): string {
    return `${this.links.origin(brand)}/notifications/unsubscribe/${unsubscribeToken(this.secret, userId, kind)}`;
  }

  /**
   * For the emails of a kind sent elsewhere (the auction-emails processor's outbid, won and lot
   * ended): whether each user still wants that kind by email, read once for the batch's users.
   */
  async emailWanted(manager: EntityManager, userIds: string[]): Promise<(userId: string, kind: NotificationKind) => boolean> {
    const preferences = await this.store.preferencesOf(manager, [...new Set(userIds)]);
    return (userId, kind) => preferences.get(userId)?.get(kind)?.email ?? true;
  }

  /** The email with its kind's one-click unsubscribe link. */
  unsubscribable(rendered: RenderedEmail, brand: string, userId: string, kind: NotificationKind): RenderedEmail {
    return withUnsubscribe(rendered, this.unsubscribeLink(brand, userId, kind));
  }

  /** Queues the emails; answers how many. */
  async send(manager: EntityManager, candidates: EmailCandidate[]): Promise<number> {
    const wanted = candidates.filter(({ notification }) => notification.email && NOTIFICATION_KINDS[notification.kind].emailedHere);
    if (wanted.length === 0) return 0;
    const users = await manager.query<Array<{ id: string; brand: string; email: string; username: string; blocked: boolean }>>(
      `SELECT id, brand, email, username, blocked FROM identity.users WHERE id = ANY($1::uuid[])`,
      [[...new Set(wanted.map(({ notification }) => notification.userId))]],
    );
    const byId = new Map(users.map((user) => [user.id, user]));
    const emails: OutgoingEmail[] = wanted.flatMap(({ notification, lot, detail }) => {
      const user = byId.get(notification.userId);
      if (!user || user.blocked) return [];
      const base = {
        brandName: brandDisplayName(user.brand),
        username: user.username,
        lotTitle: lot.title,
        link: `${this.links.origin(user.brand)}${notification.link}`,
        unsubscribeLink: this.unsubscribeLink(user.brand, user.id, notification.kind),
      };
      const rendered = this.render(notification.kind, base, lot, detail);
      return rendered ? [{ brand: user.brand, userId: user.id, to: user.email, rendered }] : [];
    });
    await this.outbox.enqueueMany(manager, emails);
    return emails.length;
  }

  private render(
    kind: NotificationKind,
    base: Parameters<typeof auctionLostEmail>[0] extends infer T ? Omit<T & object, 'sold'> : never,
    lot: NotificationLot,
    detail: NoticeDetail,
  ): RenderedEmail | null {
    if (kind === 'WATCHED_LIVE')
      return watchedLotLiveEmail({
        ...base,
        endsAt: lot.finalEnd ? `${lot.finalEnd.toISOString().slice(0, 16).replace('T', ' ')} UTC` : null,
      });
    if (kind === 'ENDING_SOON') return lotEndingSoonEmail({ ...base, hours: detail.hours ?? 1 });
    if (kind === 'LOST') return auctionLostEmail({ ...base, sold: detail.sold === true });
    if (kind === 'MAX_EXCEEDED') return maxBidExceededEmail({ ...base, amount: formatMoney(detail.amountCents ?? 0, lot.currency) });
    return null;
  }
}
