import { gql, type TypedDocumentNode } from '@apollo/client';

export interface AppNotification {
  id: string;
  kind: string;
  lotId: string;
  title: string;
  body: string;
  link: string;
  createdAt: string;
  read: boolean;
}

export interface NotificationPreference {
  kind: string;
  label: string;
  inApp: boolean;
  email: boolean;
}

/** The bell (issue 21): the newest notifications and the unread count. */
export const MY_NOTIFICATIONS: TypedDocumentNode<
  { notifications: AppNotification[]; unreadNotificationCount: number },
  { limit?: number }
> = gql`
  query MyNotifications($limit: Int) {
    notifications(limit: $limit) {
      id
      kind
      lotId
      title
      body
      link
      createdAt
      read
    }
    unreadNotificationCount
  }
`;

export const MARK_NOTIFICATIONS_READ: TypedDocumentNode<{ markNotificationsRead: number }, { ids?: string[] | null }> = gql`
  mutation MarkNotificationsRead($ids: [ID!]) {
    markNotificationsRead(ids: $ids)
  }
`;

export const NOTIFICATION_PREFERENCES: TypedDocumentNode<
  { notificationPreferences: NotificationPreference[] },
  Record<string, never>
> = gql`
  query NotificationPreferences {
    notificationPreferences {
      kind
      label
      inApp
      email
    }
  }
`;

export const SET_NOTIFICATION_PREFERENCE: TypedDocumentNode<
  { setNotificationPreference: NotificationPreference },
  { kind: string; inApp?: boolean | null; email?: boolean | null }
> = gql`
  mutation SetNotificationPreference($kind: String!, $inApp: Boolean, $email: Boolean) {
    setNotificationPreference(kind: $kind, inApp: $inApp, email: $email) {
      kind
      label
      inApp
      email
    }
  }
`;

export const UNSUBSCRIBE_NOTIFICATION_EMAIL: TypedDocumentNode<
  { unsubscribeNotificationEmail: { ok: boolean; kind: string | null; label: string | null } },
  { token: string }
> = gql`
  mutation UnsubscribeNotificationEmail($token: String!) {
    unsubscribeNotificationEmail(token: $token) {
      ok
      kind
      label
    }
  }
`;
