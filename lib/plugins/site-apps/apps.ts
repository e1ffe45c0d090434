import { catalogEntry } from "../catalog";
import { enabledApps } from "../enabled";
import { RUN_BY_HEDGEROW } from "../runs";
import { bugReport } from "./bug-report";
import type { SiteAppCode } from "./kinds";
import { notificationBar } from "./notification-bar";
import { pineappleMode } from "./pineapple-mode";

/** The catalog's site apps Hedgerow ships code for, by catalog URL (lowercased). */
const BUILT_IN_SITE_APPS: Record<string, SiteAppCode> = {
  [RUN_BY_HEDGEROW.notificationBar]: notificationBar,
  [RUN_BY_HEDGEROW.pineappleMode]: pineappleMode,
  [RUN_BY_HEDGEROW.bugReport]: bugReport,
};

/** A set-up's settings as its app reads them: each field's default, then the stored values, as strings. */
function settingsWithDefaults(url: string, stored: Record<string, unknown>): Record<string, string> {
  const settings: Record<string, string> = {};
  for (const field of catalogEntry(url)?.config ?? []) {
    if (field.key && field.default !== undefined) settings[field.key] = String(field.default);
  }
  for (const [key, value] of Object.entries(stored)) if (value !== null && value !== undefined) settings[key] = String(value);
  return settings;
}

/**
 * A posthog-js site app loader (`{ id, init }`) for the set-up `id` of the app at `url`, as script source; none for an
 * app Hedgerow ships no code for. `init` runs the app with its settings and reports whether it started.
 */
function siteAppLoader(id: number, url: string | null, stored: Record<string, unknown>): string | undefined {
  const entry = catalogEntry(url);
  const code = entry && BUILT_IN_SITE_APPS[entry.url.toLowerCase()];
  if (!code) return undefined;
  const settings = settingsWithDefaults(entry.url, stored);
  return [
    `{ id: ${JSON.stringify(String(id))}, init: function (options) {`,
    `    try { (${code.toString()})({ config: ${JSON.stringify(settings)}, posthog: options.posthog }); options.callback(true); }`,
    "    catch (error) { options.callback(false); }",
    "    return {};",
    "} }",
  ].join("\n");
}

/** The `siteApps` of a project's `config.js`: a loader per enabled site app, in the project's order. */
export async function siteAppLoadersScript(projectId: number): Promise<string> {
  const loaders = (await enabledApps(projectId)).map((app) =>
    siteAppLoader(app.id, app.url, (app.config ?? {}) as Record<string, unknown>),
  );
  return `[${loaders.filter(Boolean).join(",\n")}]`;
}
