// Sends events to Hedgerow's capture endpoint as posthog-node does: POST /batch/ with a gzipped
// {api_key, batch, sent_at} body, a few requests in flight, retries with the same body (same uuids).
import { Agent, request } from "node:http";
import { request as httpsRequest, Agent as HttpsAgent } from "node:https";
import { promisify } from "node:util";
import { gzip } from "node:zlib";
import type { DemoEvent } from "./generate";

const gzipAsync = promisify(gzip);

export interface SendOptions {
  /** The Hedgerow base URL, e.g. http://127.0.0.1:3000. */
  host: string;
  /** The project's API token (phc_…). */
  apiKey: string;
  /** Requests in flight at once (default 4). */
  concurrency?: number;
  /** Attempts per request before giving up (default 8), backing off between them. */
  attempts?: number;
  /**
   * Marks the batches as an import of past data (posthog-node's `historicalMigration`): timestamps are kept as
   * sent, not shifted by `sent_at` clock skew. Default true: demo events are history.
   */
  historicalMigration?: boolean;
  /** Called after each acknowledged request with the running totals. */
  onProgress?: (progress: SendProgress) => void;
}

export interface SendProgress {
  events: number;
  requests: number;
  retries: number;
  elapsedMs: number;
}

/** A batch body as posthog-node builds it, gzipped (level 1: the sender should not be the bottleneck). */
export async function batchBody(apiKey: string, events: readonly DemoEvent[], historicalMigration: boolean): Promise<Buffer> {
  const body = {
    api_key: apiKey,
    batch: events,
    sent_at: new Date().toISOString(),
    ...(historicalMigration ? { historical_migration: true } : {}),
  };
  return gzipAsync(JSON.stringify(body), { level: 1 });
}

export class CaptureRefused extends Error {
  constructor(
    readonly status: number,
    readonly body: string,
  ) {
    super(`capture answered ${status}: ${body.slice(0, 500)}`);
  }
}

/** Retryable: the server was unreachable or said so itself (429, 5xx), as posthog-node retries. */
const retryable = (error: unknown) => !(error instanceof CaptureRefused) || error.status === 429 || error.status >= 500;

/** POSTs one gzipped body to `/batch/`; resolves when Hedgerow answered 200 (the events are stored). */
export function postBatch(url: URL, body: Buffer, agent: Agent): Promise<void> {
  const send = url.protocol === "https:" ? httpsRequest : request;
  return new Promise((resolve, reject) => {
    const req = send(
      url,
      {
        method: "POST",
        agent,
        headers: {
          "content-type": "application/json",
          "content-encoding": "gzip",
          "content-length": body.length,
          "user-agent": "hedgerow-demo (posthog-node-compatible)",
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () => {
          if (res.statusCode === 200) resolve();
          else reject(new CaptureRefused(res.statusCode ?? 0, Buffer.concat(chunks).toString()));
        });
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

/** A keep-alive agent for `host` with `sockets` connections. */
export function captureAgent(host: string, sockets: number): Agent {
  const options = { keepAlive: true, maxSockets: sockets };
  return new URL(host).protocol === "https:" ? new HttpsAgent(options) : new Agent(options);
}

/**
 * Sends every batch of `batches` (an iterator, consumed as requests free up) to `/batch/`. Resolves with the
 * totals once every event was acknowledged; rejects on a refusal (4xx) or when a request exhausts its attempts.
 */
export async function sendEvents(batches: Iterable<DemoEvent[]> | AsyncIterable<DemoEvent[]>, options: SendOptions): Promise<SendProgress> {
  const concurrency = options.concurrency ?? 4;
  const attempts = options.attempts ?? 8;
  const url = new URL("/batch/", options.host);
  const agent = captureAgent(options.host, concurrency);
  const started = Date.now();
  const progress: SendProgress = { events: 0, requests: 0, retries: 0, elapsedMs: 0 };
  const iterator = Symbol.asyncIterator in batches ? batches[Symbol.asyncIterator]() : batches[Symbol.iterator]();
  let failed: unknown = null;

  const worker = async () => {
    while (!failed) {
      const next = await iterator.next();
      if (next.done) return;
      const body = await batchBody(options.apiKey, next.value, options.historicalMigration ?? true);
      for (let attempt = 1; ; attempt++) {
        try {
          await postBatch(url, body, agent);
          break;
        } catch (error) {
          if (failed) return;
          if (attempt >= attempts || !retryable(error)) {
            failed = error;
            throw error;
          }
          progress.retries++;
          await new Promise((r) => setTimeout(r, Math.min(10_000, 250 * 2 ** attempt)));
        }
      }
      progress.events += next.value.length;
      progress.requests++;
      progress.elapsedMs = Date.now() - started;
      options.onProgress?.({ ...progress });
    }
  };

  try {
    await Promise.all(Array.from({ length: concurrency }, worker));
  } finally {
    agent.destroy();
  }
  progress.elapsedMs = Date.now() - started;
  return progress;
}
