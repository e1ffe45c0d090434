// The load both capture benches drive (bench/capture.ts against Hedgerow, bench/floor.ts against a bare server):
// posthog-node's gzipped batches of 100, generated and compressed before the clock starts, sent over
// `connections` keep-alive connections for `seconds`.
import { promisify } from "node:util";
import { gzip } from "node:zlib";
import { generateDemoEvents } from "../scripts/demo/generate";
import { captureAgent, postBatch } from "../scripts/demo/send";

export const BATCH = 100;

const gzipAsync = promisify(gzip);

/** posthog-node's bodies: `{api_key, batch, sent_at}` gzipped; timestamps within the last minute, as live traffic. */
export async function payloads(apiKey: string, pool: number): Promise<Buffer[]> {
  const now = Date.now();
  const bodies: Buffer[] = [];
  for (const batch of generateDemoEvents({ events: pool, seed: 2, now, batchSize: BATCH })) {
    for (const event of batch) event.timestamp = new Date(now - Math.floor(Math.random() * 60_000)).toISOString();
    bodies.push(await gzipAsync(JSON.stringify({ api_key: apiKey, batch, sent_at: new Date(now).toISOString() })));
  }
  return bodies;
}

/** Sends `bodies` from `from` on, to `/batch/` of `baseUrl`, until `seconds` pass or the bodies run out. */
export async function drive(baseUrl: string, bodies: Buffer[], from: number, connections: number, seconds: number) {
  const url = new URL("/batch/", baseUrl);
  const agent = captureAgent(baseUrl, connections);
  const deadline = Date.now() + seconds * 1000;
  let next = from;
  let accepted = 0;
  let failed = 0;
  const latencies: number[] = [];
  const started = Date.now();
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (Date.now() < deadline && next < bodies.length) {
        const body = bodies[next++];
        const sent = performance.now();
        try {
          await postBatch(url, body, agent);
          accepted += BATCH;
        } catch (error) {
          failed++;
          if (failed <= 3) console.error(String(error));
        }
        latencies.push(performance.now() - sent);
      }
    }),
  );
  const elapsed = (Date.now() - started) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const percentile = (p: number) => Math.round(latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * p))]);
  return { accepted, failed, elapsed, used: next - from, exhausted: next >= bodies.length, p50: percentile(0.5), p99: percentile(0.99) };
}
