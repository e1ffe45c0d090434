// Delivery delay of the Webhook destination: events captured at a steady rate through posthog-style `/batch/`
// requests, each carrying the time it was sent; a local receiver records when each event uuid first arrives (later
// arrivals of the same uuid are at-least-once duplicates, counted apart). One built server (`scripts/serve.mjs`, embedded stores) with
// its default delivery settings. Run after `npx next build`:
//   nice -n 19 npx tsx bench/delivery-delay.ts [--seconds 30] [--rate 1000] [--batch 100] [--drain 120]
import { randomUUID } from "node:crypto";
import { createServer } from "node:http";
import { promisify } from "node:util";
import { gzip } from "node:zlib";
import { captureAgent, postBatch } from "../scripts/demo/send";
import { arg, load, startWithProject } from "./events";

const SECONDS = Number(arg("seconds", "30"));
const RATE = Number(arg("rate", "1000"));
const BATCH = Number(arg("batch", "100"));
/** How long to wait, after the last request, for the events still on their way. */
const DRAIN_SECONDS = Number(arg("drain", "120"));
const WEBHOOK = "https://github.com/hedgerow/webhook-destination";

const gzipAsync = promisify(gzip);

/** The receiver: each uuid's first arrival (its time, and ms since its send time), and how many arrived again. */
function startReceiver() {
  const delays = new Map<string, { arrived: number; delay: number }>();
  let duplicates = 0;
  let unreadable = 0;
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const arrived = Date.now();
      try {
        const { event } = JSON.parse(Buffer.concat(chunks).toString("utf8"));
        if (delays.has(event.uuid)) duplicates++;
        else delays.set(event.uuid, { arrived, delay: arrived - Number(event.properties.bench_sent_at) });
      } catch {
        unreadable++;
      }
      response.writeHead(200).end();
    });
  });
  const listening = new Promise<string>((resolve) =>
    server.listen(0, "127.0.0.1", () => resolve(`http://127.0.0.1:${(server.address() as { port: number }).port}/hook`)),
  );
  return { listening, delays, duplicates: () => duplicates, unreadable: () => unreadable, close: () => server.close() };
}

// Loopback receivers are refused unless admitted (the server inherits this process's environment).
process.env.HEDGEROW_ALLOWED_DESTINATIONS = "127.0.0.1";
const receiver = startReceiver();
const hookUrl = await receiver.listening;
const { server, apiToken, projectId, session } = await startWithProject();
const me = await session.get("/api/users/@me/");
const installed = await session.post(`/api/organizations/${me.body.organization.id}/pipeline_destinations/`, { url: WEBHOOK });
if (installed.status !== 201) throw new Error(`installing the webhook: ${installed.status} ${JSON.stringify(installed.body)}`);
const enabled = await session.post(`/api/projects/${projectId}/plugin_configs/`, {
  plugin: installed.body.id,
  enabled: true,
  config: { url: hookUrl },
});
if (enabled.status !== 201) throw new Error(`enabling the webhook: ${enabled.status} ${JSON.stringify(enabled.body)}`);

/** One request's body: BATCH pageviews, each with its uuid and send time. */
async function batchBody(): Promise<{ body: Buffer; uuids: string[] }> {
  const now = new Date();
  const uuids: string[] = [];
  const batch = Array.from({ length: BATCH }, () => {
    const uuid = randomUUID();
    uuids.push(uuid);
    const visitor = `visitor-${Math.floor(Math.random() * 1_000)}`;
    const properties = { $current_url: "https://shop.example/", bench_sent_at: now.getTime() };
    return { uuid, event: "$pageview", distinct_id: visitor, timestamp: now.toISOString(), properties };
  });
  return { body: await gzipAsync(JSON.stringify({ api_key: apiToken, batch, sent_at: now.toISOString() })), uuids };
}

// Requests start on a fixed schedule (not after the previous answer), so a slow answer does not lower the rate.
const url = new URL("/batch/", server.baseUrl);
const agent = captureAgent(server.baseUrl, 32);
const intervalMs = (1000 * BATCH) / RATE;
const requests = Math.round((SECONDS * RATE) / BATCH);
/** Each sent uuid's acknowledgement time: how much of the delay is capture's own answer, how much delivery's. */
const acknowledged = new Map<string, number>();
let refused = 0;
let late = 0;
const inFlight: Promise<void>[] = [];
const started = Date.now();
for (let i = 0; i < requests; i++) {
  const wait = started + i * intervalMs - Date.now();
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  else if (wait < -intervalMs) late++;
  inFlight.push(
    batchBody()
      .then(async ({ body, uuids }) => {
        await postBatch(url, body, agent);
        const now = Date.now();
        for (const uuid of uuids) acknowledged.set(uuid, now);
      })
      .catch((error: unknown) => {
        refused++;
        if (refused <= 3) console.error(String(error));
      }),
  );
}
await Promise.all(inFlight);
const sendingSeconds = (Date.now() - started) / 1000;
const drainDeadline = Date.now() + DRAIN_SECONDS * 1000;
while (receiver.delays.size < acknowledged.size && Date.now() < drainDeadline) await new Promise((resolve) => setTimeout(resolve, 250));

const sorted = (values: number[]) => values.sort((a, b) => a - b);
const delays = sorted([...receiver.delays.values()].map(({ delay }) => delay));
// From capture's answer (the events stored) to the receiver: the destination queue's part of the delay.
const afterAnswer = sorted([...receiver.delays].map(([uuid, { arrived }]) => arrived - (acknowledged.get(uuid) ?? Number.NaN)));
const at = (values: number[], p: number) => values[Math.min(values.length - 1, Math.floor(values.length * p))] ?? Number.NaN;
console.log(
  `Sent ${acknowledged.size.toLocaleString("en-US")} events in ${sendingSeconds.toFixed(1)} s (${Math.round(acknowledged.size / sendingSeconds).toLocaleString("en-US")} events/s, ${refused} requests failed, ${late} started over one interval late).`,
);
console.log(
  `Delivered ${receiver.delays.size.toLocaleString("en-US")} of them (${receiver.duplicates()} duplicates, ${receiver.unreadable()} unreadable requests).`,
);
console.log(`Delay capture → webhook: p50 ${at(delays, 0.5)} ms, p99 ${at(delays, 0.99)} ms, max ${delays.at(-1)} ms.`);
console.log(`Of which after capture answered: p50 ${at(afterAnswer, 0.5)} ms, p99 ${at(afterAnswer, 0.99)} ms. Load ${load()}.`);
agent.destroy();
receiver.close();
await server.stop();
