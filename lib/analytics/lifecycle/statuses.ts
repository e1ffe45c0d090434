/** PostHog's lifecycle statuses, in its order (dormant drawn below zero). */
export const LIFECYCLE_STATUSES = ["new", "returning", "resurrecting", "dormant"] as const;
export type LifecycleStatus = (typeof LIFECYCLE_STATUSES)[number];
