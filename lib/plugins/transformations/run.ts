import type { CapturedEvent } from "@/lib/ingestion/types";
import { catalogEntry } from "../catalog";
import { enabledApps, projectCache } from "../enabled";
import { Tally } from "../observe/tally";
import { BUILT_IN_TRANSFORMATIONS } from "./apps";
import type { Transform } from "./kinds";

interface EnabledTransformation {
  configId: number;
  transform: Transform;
}

/** The built-in implementation of a catalog app, by its URL; none for other apps. */
export function builtInTransformation(url: string | null) {
  const entry = catalogEntry(url);
  return entry ? BUILT_IN_TRANSFORMATIONS[entry.url.toLowerCase()] : undefined;
}

async function load(projectId: number): Promise<EnabledTransformation[]> {
  const enabled: EnabledTransformation[] = [];
  for (const row of await enabledApps(projectId)) {
    const app = builtInTransformation(row.url);
    if (!app) continue;
    try {
      enabled.push({ configId: row.id, transform: app.prepare(row.config) });
    } catch (error) {
      // Settings are checked when the app is enabled; ones stored before that check are skipped, not guessed.
      console.warn(`Transformation ${row.id} (${row.name}) skipped: ${(error as Error).message}`);
    }
  }
  return enabled;
}

const transformations = projectCache("__hedgerowTransformations", load);

/** Forgets a project's transformations in this process, after its apps changed. */
export const forgetTransformations = (projectId: number) => transformations.forget(projectId);

/** Whether the project has enabled transformations (read as `transformEvents` reads them). */
export async function hasTransformations(projectId: number): Promise<boolean> {
  return (await transformations.get(projectId)).length > 0;
}

export interface Transformed {
  events: CapturedEvent[];
  /** For each kept event, its index among the events given. */
  kept: number[];
}

/** How long one transformation may wait on one event (a database it loads): past it, it is skipped for that event. */
const ASYNC_LIMIT_MS = 10_000;

export function withinLimit<T>(promise: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const limit = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ASYNC_LIMIT_MS} ms`)), ASYNC_LIMIT_MS);
  });
  return Promise.race([promise, limit]).finally(() => clearTimeout(timer));
}

/** Counts a transformation's answer: the event to go on with, or null when it dropped the event. */
function counted(tally: Tally, configId: number, result: CapturedEvent | null): CapturedEvent | null {
  tally.add(configId, result === null ? "filtered" : "succeeded");
  return result;
}

/** Counts and logs a transformation that failed on the event (which goes on as it was). */
function failed(tally: Tally, configId: number, original: CapturedEvent, error: unknown) {
  tally.add(configId, "failed");
  const message = `Failed on the event, which was kept: ${(error as Error).message}`;
  tally.log({ configId, source: "PLUGIN", type: "ERROR", message, eventUuid: original.uuid });
}

/**
 * The project's enabled transformations, from the `from`th, run on each event in their order: the event, or null
 * when one drops it. A promise only once a transformation answers with one: the usual synchronous path costs no
 * promise or microtask per event.
 */
function transformOne(
  transformations: EnabledTransformation[],
  original: CapturedEvent,
  tally: Tally,
  from = 0,
  event: CapturedEvent = original,
): CapturedEvent | null | Promise<CapturedEvent | null> {
  for (let i = from; i < transformations.length; i++) {
    const { configId, transform } = transformations[i];
    let result: CapturedEvent | null;
    try {
      const answer = transform(event);
      if (answer instanceof Promise) {
        return withinLimit(answer).then(
          (later) => {
            const next = counted(tally, configId, later);
            return next === null ? null : transformOne(transformations, original, tally, i + 1, next);
          },
          (error: unknown) => {
            failed(tally, configId, original, error);
            return transformOne(transformations, original, tally, i + 1, event);
          },
        );
      }
      result = answer;
    } catch (error) {
      failed(tally, configId, original, error);
      continue;
    }
    const next = counted(tally, configId, result);
    if (next === null) return null;
    event = next;
  }
  return event;
}

/**
 * Runs the project's enabled transformations on each event in their order, before persons and storage. An event a
 * transformation drops goes no further; a transformation that throws or takes too long is logged and skipped, and
 * the event kept. Each app's failures are written once for the batch, and its counts too unless `deferCounts`
 * (capture's small batches: written with other requests' within a second).
 */
export async function transformEvents(projectId: number, events: CapturedEvent[], { deferCounts = false } = {}): Promise<Transformed> {
  const enabled = await transformations.get(projectId);
  if (!enabled.length) return { events, kept: events.map((_, i) => i) };
  const result: Transformed = { events: [], kept: [] };
  const tally = new Tally();
  for (const [index, original] of events.entries()) {
    const answer = transformOne(enabled, original, tally);
    const event = answer instanceof Promise ? await answer : answer;
    if (event === null) continue;
    result.events.push(event);
    result.kept.push(index);
  }
  await tally.flush(new Date(), { deferCounts });
  return result;
}
