import { BrandReminderHoursFollower } from './brand-reminder-hours.processor';
import { EndingRemindersSweeper } from './ending-reminders.sweeper';
import { NotificationEmails } from './notification-emails';
import { NotificationPushes } from './notification-pushes';
import { NotificationStore } from './notification-store';
import { NotificationsProcessor } from './notifications.processor';
import { NotificationsResolver } from './notifications.resolver';

/** The notifications feature's Nest providers (registered by identity.module.ts). */
export const NOTIFICATION_PROVIDERS = [
  NotificationStore,
  NotificationEmails,
  NotificationPushes,
  NotificationsProcessor,
  BrandReminderHoursFollower,
  EndingRemindersSweeper,
  NotificationsResolver,
];
