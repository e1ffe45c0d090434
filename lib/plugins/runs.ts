/**
 * The catalog apps Hedgerow runs with built-in implementations, by their catalog URL (lowercased): read by the server
 * to run them and by the apps page to say which run. Every other app is kept, not run.
 */
export const RUN_BY_HEDGEROW = {
  flattener: "https://github.com/posthog/flatten-properties-plugin",
  timestampParser: "https://github.com/posthog/timestamp-parser-plugin",
  downsampling: "https://github.com/posthog/downsampling-plugin",
  geoip: "https://github.com/posthog/posthog-plugin-geoip",
  userAgent: "https://github.com/posthog/user-agent-plugin",
  botFilter: "https://github.com/posthog/bot-filter-plugin",
  urlNormalizer: "https://github.com/posthog/posthog-url-normalizer-plugin",
  propertyFilter: "https://github.com/posthog/property-filter-plugin",
  webhook: "https://github.com/hedgerow/webhook-destination",
  replicator: "https://github.com/posthog/posthog-plugin-replicator",
  heartbeat: "https://github.com/posthog/posthog-heartbeat-plugin",
  customerio: "https://github.com/posthog/customerio-plugin",
  hubspot: "https://github.com/posthog/hubspot-plugin",
  s3Export: "https://github.com/posthog/s3-export-plugin",
  postgresExport: "https://github.com/posthog/postgres-plugin",
  notificationBar: "https://github.com/posthog/notification-bar-app",
  pineappleMode: "https://github.com/posthog/pineapple-mode-app",
  bugReport: "https://github.com/posthog/bug-report-app",
} as const;

const RUN = new Set<string>(Object.values(RUN_BY_HEDGEROW));

/** The site apps: served to posthog-js and run in visitors' browsers, where Hedgerow sees none of their runs. */
const IN_BROWSERS = new Set<string>([RUN_BY_HEDGEROW.notificationBar, RUN_BY_HEDGEROW.pineappleMode, RUN_BY_HEDGEROW.bugReport]);

/** A catalog URL as the lists above hold it (PostHog's `?private_token=…` and case do not matter). */
const bare = (url: string) => url.split("?")[0].replace(/\/+$/, "").toLowerCase();

/** Whether Hedgerow runs the app at `url` (on the server or, for site apps, through posthog-js). */
export function runsInHedgerow(url: string | null | undefined): boolean {
  return !!url && RUN.has(bare(url));
}

/** Catalog apps whose work is calls to a service on the internet, which Hedgerow does not make: the service, by URL. */
const NEEDS_INTERNET: Record<string, string> = {
  "https://github.com/posthog/currency-normalization-plugin": "Open Exchange Rates",
  "https://github.com/posthog/github-release-tracking-plugin": "GitHub's API",
  "https://github.com/posthog/github-star-sync-plugin": "GitHub's API",
};

/**
 * Why the app at `url` cannot be switched on, or null when Hedgerow runs it: an app it does not run is kept with its
 * settings but stays off, so nothing shows as active that does nothing.
 */
export function whyNotRun(url: string | null | undefined): string | null {
  if (runsInHedgerow(url)) return null;
  const service = url ? NEEDS_INTERNET[bare(url)] : undefined;
  return service
    ? `This app's work needs ${service} on the internet, which Hedgerow does not call: it is kept with its settings and stays off.`
    : "Hedgerow runs only its built-in apps and never an app's stored code: this app is kept with its settings and stays off.";
}

/** Whether the app at `url` is a site app Hedgerow serves to posthog-js. */
export function runsInBrowsers(url: string | null | undefined): boolean {
  return !!url && IN_BROWSERS.has(bare(url));
}
