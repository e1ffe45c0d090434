import type PgBoss from "pg-boss";
import { batchesOf } from "@/lib/batch-exports/destinations/http";
import { runQueue } from "@/lib/batch-exports/queue";
import { config } from "@/lib/config";
import { getDb, type Database } from "@/lib/db/client";
import type { PersonsState } from "@/lib/persons/processing";
import { openStoredFields } from "@/lib/secrets/at-rest";
import { enabledApps, projectCache } from "../enabled";
import { Tally } from "../observe/tally";
import { builtInDestination } from "./apps";
import type { DestinationEvent, PreparedDestination } from "./kinds";

/** pg-boss's queue of deliveries: a job carries one batch of events for one enabled destination. */
export const DELIVERY_QUEUE = "plugin-deliveries";
/** A job's batch: at most this many events and about this many bytes of them (larger ingested groups make more jobs). */
export const MAX_JOB_EVENTS = 100;
export const MAX_JOB_BYTES = 1024 * 1024;
/** How long one delivery attempt may run before pg-boss retries it elsewhere. */
const DELIVERY_EXPIRY_SECONDS = 600;

export interface DeliveryJobData {
  configId: number;
  projectId: number;
  events: DestinationEvent[];
}

interface EnabledDestination {
  configId: number;
  destination: PreparedDestination;
}

async function load(projectId: number): Promise<EnabledDestination[]> {
  const enabled: EnabledDestination[] = [];
  for (const row of await enabledApps(projectId)) {
    const app = builtInDestination(row.url);
    if (!app) continue;
    try {
      enabled.push({ configId: row.id, destination: app.prepare(openStoredFields(row.config)) });
    } catch (error) {
      // Settings are checked when the app is enabled; ones stored before that check are skipped, not guessed.
      console.warn(`[destinations] app ${row.id} (${row.name}) skipped: ${(error as Error).message}`);
    }
  }
  return enabled;
}

const destinations = projectCache("__hedgerowDestinations", load);

/** Forgets a project's destinations in this process, after its apps changed. */
export const forgetDestinations = (projectId: number) => destinations.forget(projectId);

/** The settled pg-boss with the delivery queue made (once per process), and this process's delivery workers. */
const holder = globalThis as unknown as { __hedgerowDeliveryQueue?: Promise<PgBoss>; __hedgerowDeliveryWorkers?: Set<string> };
const localWorkers = (holder.__hedgerowDeliveryWorkers ??= new Set());

/** Records a delivery worker of this process (its pg-boss id), to be woken when this process queues deliveries. */
export const addDeliveryWorker = (workerId: string) => void localWorkers.add(workerId);
export function deliveryQueue(db: Database): Promise<PgBoss> {
  holder.__hedgerowDeliveryQueue ??= (async () => {
    const boss = await runQueue(db, config.batchExports);
    await boss.createQueue(DELIVERY_QUEUE, { name: DELIVERY_QUEUE, policy: "standard" });
    return boss;
  })().catch((error) => {
    holder.__hedgerowDeliveryQueue = undefined;
    throw error;
  });
  return holder.__hedgerowDeliveryQueue;
}

/** A stored event row (lib/ingestion/event-row.ts) with its person, as destinations get it. */
function destinationEvent(row: Record<string, unknown>, states: Map<number, PersonsState>): DestinationEvent {
  const person = states.get(row.team_id as number)?.persons.get(row.person_id as string);
  return {
    event: {
      uuid: row.uuid as string,
      event: row.event as string,
      distinct_id: row.distinct_id as string,
      timestamp: row.timestamp as string,
      properties: row.properties as Record<string, unknown>,
      elements_chain: row.elements_chain as string,
    },
    person: person ? { id: person.id, properties: person.properties } : null,
    projectId: row.team_id as number,
  };
}

/** Cuts events into job batches of at most MAX_JOB_EVENTS events and about MAX_JOB_BYTES. */
export const jobBatches = (events: DestinationEvent[]) =>
  batchesOf(events, (event) => JSON.stringify(event).length, MAX_JOB_EVENTS, MAX_JOB_BYTES);

/**
 * Queues stored events for their project's enabled destinations: for each destination, the events it accepts, in
 * job batches (one insert for them all); the events a destination's filters leave out are counted as filtered. A
 * project without destinations costs a cached look-up.
 */
export async function queueDeliveries(rows: Record<string, unknown>[], states: Map<number, PersonsState>) {
  const byProject = new Map<number, Record<string, unknown>[]>();
  for (const row of rows) {
    const projectId = row.team_id as number;
    const list = byProject.get(projectId);
    if (list) list.push(row);
    else byProject.set(projectId, [row]);
  }
  const jobs: PgBoss.JobInsert<DeliveryJobData>[] = [];
  const { maxAttempts, retrySeconds } = config.batchExports;
  const tally = new Tally();
  for (const [projectId, projectRows] of byProject) {
    const enabled = await destinations.get(projectId);
    if (!enabled.length) continue;
    const events = projectRows.map((row) => destinationEvent(row, states));
    for (const { configId, destination } of enabled) {
      const accepted = events.filter((event) => destination.accepts(event));
      tally.add(configId, "filtered", events.length - accepted.length);
      for (const batch of jobBatches(accepted))
        jobs.push({
          name: DELIVERY_QUEUE,
          data: { configId, projectId, events: batch },
          retryLimit: maxAttempts - 1,
          retryDelay: retrySeconds,
          retryBackoff: true,
          expireInSeconds: DELIVERY_EXPIRY_SECONDS,
        });
    }
  }
  if (jobs.length) {
    const boss = await deliveryQueue(await getDb());
    await boss.insert(jobs);
    // Idle workers would see the jobs at their next poll: this process's look now (other processes' still poll).
    for (const workerId of localWorkers) boss.notifyWorker(workerId);
  }
  await tally.flush();
}
