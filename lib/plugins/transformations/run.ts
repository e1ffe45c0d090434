import { and, asc, eq } from "drizzle-orm";
import { getDb } from "@/lib/db/client";
import { pluginConfigs, plugins } from "@/lib/db/schema";
import type { CapturedEvent } from "@/lib/ingestion/types";
import { catalogEntry } from "../catalog";
import { BUILT_IN_TRANSFORMATIONS, type Transform } from "./apps";

interface EnabledTransformation {
  configId: number;
  name: string;
  transform: Transform;
}

/**
 * A project's enabled transformations are remembered this long in a process: every capture request asks, and a
 * change made through another server process applies within it (this process's own changes apply at once).
 */
const TTL_MS = 5_000;
const MAX_ENTRIES = 10_000;

const holder = globalThis as unknown as {
  __hedgerowTransformations?: Map<number, { loaded: Promise<EnabledTransformation[]>; expiresAt: number }>;
};
const cache = (holder.__hedgerowTransformations ??= new Map());

/** The built-in implementation of a catalog app, by its URL; none for other apps. */
export function builtInTransformation(url: string | null) {
  const entry = catalogEntry(url);
  return entry ? BUILT_IN_TRANSFORMATIONS[entry.url.toLowerCase()] : undefined;
}

async function load(projectId: number): Promise<EnabledTransformation[]> {
  const db = await getDb();
  const rows = await db
    .select({ id: pluginConfigs.id, config: pluginConfigs.config, name: plugins.name, url: plugins.url })
    .from(pluginConfigs)
    .innerJoin(plugins, eq(plugins.id, pluginConfigs.pluginId))
    .where(and(eq(pluginConfigs.projectId, projectId), eq(pluginConfigs.enabled, true), eq(pluginConfigs.deleted, false)))
    .orderBy(asc(pluginConfigs.order), asc(pluginConfigs.pluginId), asc(pluginConfigs.id));
  const enabled: EnabledTransformation[] = [];
  for (const row of rows) {
    const app = builtInTransformation(row.url);
    if (!app) continue;
    try {
      enabled.push({ configId: row.id, name: row.name ?? "", transform: app.prepare(row.config) });
    } catch (error) {
      // Settings are checked when the app is enabled; ones stored before that check are skipped, not guessed.
      console.warn(`Transformation ${row.id} (${row.name}) skipped: ${(error as Error).message}`);
    }
  }
  return enabled;
}

function enabledTransformations(projectId: number, now = Date.now()): Promise<EnabledTransformation[]> {
  const cached = cache.get(projectId);
  if (cached && cached.expiresAt > now) return cached.loaded;
  if (cache.size >= MAX_ENTRIES) cache.clear();
  const loaded = load(projectId);
  cache.set(projectId, { loaded, expiresAt: now + TTL_MS });
  loaded.catch(() => cache.delete(projectId));
  return loaded;
}

/** Forgets a project's transformations in this process, after its apps changed. */
export function forgetTransformations(projectId: number) {
  cache.delete(projectId);
}

export interface Transformed {
  events: CapturedEvent[];
  /** For each kept event, its index among the events given. */
  kept: number[];
}

/**
 * Runs the project's enabled transformations on each event in their order, before persons and storage. An event a
 * transformation drops goes no further; a transformation that throws is logged and skipped, and the event kept.
 */
export async function transformEvents(projectId: number, events: CapturedEvent[]): Promise<Transformed> {
  const transformations = await enabledTransformations(projectId);
  if (!transformations.length) return { events, kept: events.map((_, i) => i) };
  const result: Transformed = { events: [], kept: [] };
  events.forEach((original, index) => {
    let event: CapturedEvent | null = original;
    for (const { configId, name, transform } of transformations) {
      try {
        event = transform(event);
      } catch (error) {
        console.warn(`Transformation ${configId} (${name}) failed on event ${original.uuid}: ${(error as Error).message}`);
      }
      if (event === null) return;
    }
    result.events.push(event);
    result.kept.push(index);
  });
  return result;
}
