/** PostHog's `INVITE_DAYS_VALIDITY`: an invite can be accepted for three days after it was sent. */
const INVITE_DAYS_VALIDITY = 3;

const DAY_MS = 24 * 60 * 60 * 1000;

export const isInviteExpired = (createdAt: Date, now: Date = new Date()) =>
  createdAt.getTime() < now.getTime() - INVITE_DAYS_VALIDITY * DAY_MS;
