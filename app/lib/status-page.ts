/**
 * The no-login status page (issue 15): its texts, the shape of a status link's token and its URLs. Browser-safe, so
 * the page, the domain code (app/server/status-link/) and the tests use the same strings.
 */
import { dateTimeFormat } from './intl';
import type { WorkOrderStatus } from './work-order-status';

/** A status link's token: 32 base64url characters (24 bytes, 192 bits). Anything else is refused without a query. */
export const STATUS_TOKEN_PATTERN = /^[A-Za-z0-9_-]{32}$/;

/** True when `value` has the shape of a status token (says nothing about whether it is valid). */
export function isStatusTokenShape(value: unknown): value is string {
  return typeof value === 'string' && STATUS_TOKEN_PATTERN.test(value);
}

/** Days after Ready for Pickup that a status link keeps working. */
export const STATUS_LINK_DAYS_AFTER_PICKUP = 30;

export const statusPagePath = (token: string) => `/status/${token}`;
export const statusEventsPath = (token: string) => `/status/${token}/events`;
export const statusPhotoPath = (token: string, documentId: string, variant?: 'thumb') =>
  `/status/${token}/photos/${documentId}${variant ? `?variant=${variant}` : ''}`;

/** The headline for each status, as the customer reads it (Ready for Pickup reads as done, not "in progress"). */
export const STATUS_HEADLINES: Record<WorkOrderStatus, string> = {
  'Estimate Scheduled': 'Your estimate is scheduled',
  'Parts Ordered': 'Parts for your vehicle are on order',
  'Parts Received': 'Parts for your vehicle have arrived',
  'Repairs Started': 'Repairs on your vehicle have started',
  Paint: 'Your vehicle is in the paint shop',
  'Quality Check': 'Your vehicle is in its final quality check',
  Complete: 'Repairs on your vehicle are complete',
  'Ready for Pickup': 'Your vehicle is ready for pickup',
};

export const STATUS_PAGE_TEXT = {
  title: 'Repair status',
  notFoundTitle: 'Status link not valid',
  notFound: 'This status link is not valid. It may have expired or been replaced.',
  tooManyTitle: 'Too many attempts',
  tooMany: 'Too many status links that do not work were opened from your connection. Please wait 10 minutes and try again.',
  callUs: 'Call us at',
  updated: 'Status updated',
  progressLabel: 'Repair progress',
  currentStep: 'Current step',
  done: 'Done',
  estimatedCompletion: 'Estimated completion',
  noEstimatedCompletion: 'We will let you know the completion date soon.',
  pickupHours: 'Pickup hours',
  photos: 'Repair photos',
  estimateWaiting: 'is waiting for your approval.',
  reviewEstimate: 'Review and approve it in your customer portal',
  signInNote: '(you will be asked to sign in)',
  liveNote: 'This page updates by itself when the status changes.',
} as const;

/** The ticket page's and the reset button's words (back office). */
export const STATUS_LINK_TEXT = {
  resetDone: 'Status link reset. The old link no longer works: give the customer the new one below.',
  resetExplain:
    'Resetting makes a new status link and ends the old one at once: anyone who has the old link or ticket sees "This status link is not valid". Use it when a link reached the wrong person.',
} as const;

/** "2026-03-05" → "Thursday, March 5, 2026" (a calendar date: no time zone involved). */
export function formatStatusDate(isoDate: string): string {
  const [y, m, d] = isoDate.split('-').map(Number);
  return dateTimeFormat({ timeZone: 'UTC', weekday: 'long', year: 'numeric', month: 'long', day: 'numeric' }).format(new Date(Date.UTC(y!, m! - 1, d!)));
}

/**
 * Headers of every status page answer, its photos and its event stream: not indexed, no referrer leaves the page
 * (the token is in its URL), kept by no cache. server/middleware/status-links.ts enforces the first two in Express.
 */
export const STATUS_RESPONSE_HEADERS = {
  'X-Robots-Tag': 'noindex, nofollow',
  'Referrer-Policy': 'no-referrer',
  'Cache-Control': 'private, no-store',
} as const;
