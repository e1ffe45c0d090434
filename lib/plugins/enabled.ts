import { and, asc, eq } from "drizzle-orm";
import { getDb } from "@/lib/db/client";
import { pluginConfigs, plugins } from "@/lib/db/schema";

/**
 * What a project's enabled apps are prepared into is remembered this long in a process: every capture request asks,
 * and a change made through another server process applies within it (this process's own changes apply at once).
 */
const TTL_MS = 5_000;
const MAX_ENTRIES = 10_000;

type Entry<T> = { loaded: Promise<T>; expiresAt: number };

/** A project's enabled set-ups, in their order, with their app's name and URL. */
export async function enabledApps(projectId: number) {
  const db = await getDb();
  return db
    .select({ id: pluginConfigs.id, config: pluginConfigs.config, name: plugins.name, url: plugins.url })
    .from(pluginConfigs)
    .innerJoin(plugins, eq(plugins.id, pluginConfigs.pluginId))
    .where(and(eq(pluginConfigs.projectId, projectId), eq(pluginConfigs.enabled, true), eq(pluginConfigs.deleted, false)))
    .orderBy(asc(pluginConfigs.order), asc(pluginConfigs.pluginId), asc(pluginConfigs.id));
}

/**
 * A process's cache of what `load` makes of a project's enabled apps (on globalThis under `name`, like the
 * databases: every route bundle shares it).
 */
export function projectCache<T>(name: string, load: (projectId: number) => Promise<T>) {
  const holder = globalThis as unknown as Record<string, Map<number, Entry<T>> | undefined>;
  const cache = (holder[name] ??= new Map<number, Entry<T>>());
  return {
    get(projectId: number, now = Date.now()): Promise<T> {
      const cached = cache.get(projectId);
      if (cached && cached.expiresAt > now) return cached.loaded;
      if (cache.size >= MAX_ENTRIES) cache.clear();
      const loaded = load(projectId);
      cache.set(projectId, { loaded, expiresAt: now + TTL_MS });
      loaded.catch(() => cache.delete(projectId));
      return loaded;
    },
    forget(projectId: number) {
      cache.delete(projectId);
    },
  };
}
