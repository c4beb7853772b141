import { layout, type RenderedEmail } from './email-templates';

/**
 * The directory owner's emails about a Featured plan (issue 17): renewed, a renewal that failed, and
 * the end of the plan. Same rules as email-templates.ts: plain functions, every value escaped in HTML.
 */
interface PlanNotice {
  brandName: string;
  username: string;
  entryName: string;
  /** ISO instant the paid period ends (or ended). */
  periodEnd: string;
  /** The owner's directory page (/directory/update). */
  link: string;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** "26 Dec 2026" in UTC (an email has no time zone of its reader). */
export function planDay(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return 'the end of the period';
  return `${date.getUTCDate()} ${MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()}`;
}

export function directoryPlanRenewedEmail(data: PlanNotice): RenderedEmail {
  const subject = `${data.brandName}: your Featured plan for ${data.entryName} is renewed`;
  const lines = [
    `Hi ${data.username},`,
    `Thank you: the Featured plan of ${data.entryName} is renewed and now runs until ${planDay(data.periodEnd)}.`,
    data.link,
  ];
  return {
    template: 'directory-plan-renewed',
    subject,
    text: lines.join('\n\n'),
    html: layout(subject, lines, data.link, 'My directory', data.brandName),
  };
}

export function directoryPlanPastDueEmail(data: PlanNotice & { reason: string | null }): RenderedEmail {
  const subject = `${data.brandName}: the renewal of your Featured plan for ${data.entryName} failed`;
  const lines = [
    `Hi ${data.username},`,
    `We could not take the renewal payment for the Featured plan of ${data.entryName}${data.reason ? ` (${data.reason})` : ''}.`,
    `The plan stays active until ${planDay(data.periodEnd)}. Pay the subscription from your directory page to keep it:`,
    data.link,
  ];
  return {
    template: 'directory-plan-past-due',
    subject,
    text: lines.join('\n\n'),
    html: layout(subject, lines, data.link, 'My directory', data.brandName),
  };
}

export function directoryPlanEndedEmail(data: PlanNotice & { reason: 'canceled' | 'pastDue' | 'notRenewed' }): RenderedEmail {
  const subject = `${data.brandName}: the Featured plan for ${data.entryName} has ended`;
  const why =
    data.reason === 'canceled'
      ? 'as you cancelled it'
      : data.reason === 'pastDue'
        ? 'as its renewal payment failed'
        : 'as it was not renewed';
  const lines = [
    `Hi ${data.username},`,
    `The Featured plan of ${data.entryName} ended on ${planDay(data.periodEnd)}, ${why}. The entry is listed as a regular one now; you can pay for the plan again from your directory page:`,
    data.link,
  ];
  return {
    template: 'directory-plan-ended',
    subject,
    text: lines.join('\n\n'),
    html: layout(subject, lines, data.link, 'My directory', data.brandName),
  };
}
