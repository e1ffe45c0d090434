/** What a site app's code is handed on the visitor's page, as PostHog's `inject({ config, posthog })`. */
export interface SiteAppInput {
  config: Record<string, string>;
  posthog: { capture(event: string, properties?: Record<string, unknown>): unknown };
}

/**
 * A site app Hedgerow ships: a function run in the visitor's browser. Its source is sent as it is (`toString()`), so
 * it must reach nothing outside its own body.
 */
export type SiteAppCode = (input: SiteAppInput) => void;
