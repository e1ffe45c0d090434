/** What a secret setting is answered as, once set (PostHog's SECRET_FIELD_VALUE): secrets are write-only. */
export const SECRET_FIELD_VALUE = "**************** POSTHOG SECRET FIELD ****************";
