import { Inject } from '@nestjs/common';
import { Args, ID, Int, Mutation, Query, Resolver } from '@nestjs/graphql';
import { USER_VALIDATION_MESSAGES } from '@trackside/contracts';
import { ApiError, CurrentBrand, CurrentUser, Public, resolveJwtSecret, SignedIn, type AuthUser } from '@trackside/platform';
import type { IdentityConfig } from '../config/identity-config';
import { IDENTITY_CONFIG } from '../config/identity-config.token';
import { isNotificationKind, NOTIFICATION_KINDS, type NotificationKind } from './notification-kinds';
import { NotificationStore, type Preference } from './notification-store';
import { NotificationObject, NotificationPreferenceObject, NotificationUnsubscribeResultObject } from './notification.objects';
import { readUnsubscribeToken } from './unsubscribe-token';

const MAX_LIST = 100;

/** The signed-in user's notifications and preferences, and the public unsubscribe link's mutation (issue 21). */
@Resolver(() => NotificationObject)
export class NotificationsResolver {
  private readonly secret: string;

  constructor(
    private readonly store: NotificationStore,
    @Inject(IDENTITY_CONFIG) config: IdentityConfig,
  ) {
    this.secret = resolveJwtSecret(config);
  }

  @Query(() => [NotificationObject], { description: 'The signed-in user’s in-app notifications, newest first.' })
  @SignedIn()
  async notifications(
    @Args('limit', { type: () => Int, nullable: true }) limit: number | null,
    @CurrentBrand() brand: string,
    @CurrentUser() viewer: AuthUser,
  ): Promise<NotificationObject[]> {
    const rows = await this.store.list(viewer.id, brand, Math.min(Math.max(limit ?? 20, 1), MAX_LIST));
    return rows.map((row) => ({ ...row, read: row.readAt !== null }));
  }

  @Query(() => Int, { description: 'How many of the signed-in user’s notifications are unread.' })
  @SignedIn()
  unreadNotificationCount(@CurrentBrand() brand: string, @CurrentUser() viewer: AuthUser): Promise<number> {
    return this.store.unreadCount(viewer.id, brand);
  }

  @Mutation(() => Int, { description: 'Marks the given notifications (all when ids is omitted) read; answers how many changed.' })
  @SignedIn()
  markNotificationsRead(
    @Args('ids', { type: () => [ID], nullable: true }) ids: string[] | null,
    @CurrentBrand() brand: string,
    @CurrentUser() viewer: AuthUser,
  ): Promise<number> {
    const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
    if (ids && !ids.every((id) => UUID.test(id))) throw new ApiError('user.validation', USER_VALIDATION_MESSAGES.notificationIds);
    return this.store.markRead(viewer.id, brand, ids ?? null);
  }

  @Query(() => [NotificationPreferenceObject], {
    description: 'Every notification kind with the signed-in user’s in-app and email choice.',
  })
  @SignedIn()
  async notificationPreferences(@CurrentUser() viewer: AuthUser): Promise<NotificationPreferenceObject[]> {
    return (await this.store.preferences(viewer.id)).map(withLabel);
  }

  @Mutation(() => NotificationPreferenceObject, {
    description: 'Turns a kind’s in-app or email notifications on or off (an omitted one is kept).',
  })
  @SignedIn()
  async setNotificationPreference(
    @Args('kind', { type: () => String }) kind: string,
    @Args('inApp', { type: () => Boolean, nullable: true }) inApp: boolean | null,
    @Args('email', { type: () => Boolean, nullable: true }) email: boolean | null,
    @CurrentUser() viewer: AuthUser,
  ): Promise<NotificationPreferenceObject> {
    return withLabel(await this.store.setPreference(viewer.id, knownKind(kind), { inApp, email }));
  }

  @Mutation(() => NotificationUnsubscribeResultObject, {
    description: 'The one-click unsubscribe link of an email: turns that kind’s email off.',
  })
  @Public()
  async unsubscribeNotificationEmail(@Args('token', { type: () => String }) token: string): Promise<NotificationUnsubscribeResultObject> {
    const read = readUnsubscribeToken(this.secret, token.slice(0, 500));
    if (!read) return { ok: false, kind: null, label: null };
    await this.store.setPreference(read.userId, read.kind, { email: false });
    return { ok: true, kind: read.kind, label: NOTIFICATION_KINDS[read.kind].label };
  }
}

function withLabel(preference: Preference): NotificationPreferenceObject {
  return { ...preference, label: NOTIFICATION_KINDS[preference.kind].label };
}

function knownKind(kind: string): NotificationKind {
  if (!isNotificationKind(kind))
    throw new ApiError('user.validation', USER_VALIDATION_MESSAGES.notificationKind(Object.keys(NOTIFICATION_KINDS)));
  return kind;
}
