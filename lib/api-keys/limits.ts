/** Personal API keys a user may hold (PostHog allows 10); the page disables "Create" at the limit. */
export const MAX_KEYS_PER_USER = 10;
