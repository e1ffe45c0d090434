import { z } from "zod";
import entries from "./catalog.json";
import { ZCatalogEntry, type TCatalogEntry } from "./schemas";

/**
 * The apps one can install: a catalog shipped with Hedgerow in the shape of PostHog's integrations repository
 * (`plugins.json`), with each app's capabilities, settings form and current tag. A new Hedgerow release brings
 * new tags, which `check_for_updates/` then reports.
 */
export const CATALOG: readonly TCatalogEntry[] = z.array(ZCatalogEntry).parse(entries);

/** The catalog entry at `url` (PostHog drops `?private_token=…` from URLs; so does the lookup). */
export function catalogEntry(url: string | null): TCatalogEntry | undefined {
  if (!url) return undefined;
  const bare = url.split("?")[0].replace(/\/+$/, "").toLowerCase();
  return CATALOG.find((entry) => entry.url.toLowerCase() === bare);
}

/** The `plugin.json` an app installed from the catalog starts with. */
export function catalogPluginJson(entry: TCatalogEntry): string {
  return `${JSON.stringify({ name: entry.name, description: entry.description, url: entry.url, config: entry.config }, null, 2)}\n`;
}
