// Server CPU per small client request, where the server's own per-request work (routing, request and response
// objects) weighs most: CORS preflights (OPTIONS /e/) or one-event captures (POST /e/, posthog-js's shape,
// uncompressed JSON), over keep-alive connections, on the built server with embedded stores. Run after `npx next build`:
//   npx tsx bench/capture-requests.ts [--kind options|event] [--requests 20000] [--connections 16]
import { Agent, request } from "node:http";
import { arg, cpuSeconds, load, startWithProject } from "./events";

const KIND = arg("kind", "options");
const REQUESTS = Number(arg("requests", "20000"));
const CONNECTIONS = Number(arg("connections", "16"));

const { server, apiToken } = await startWithProject();
const pid = server.process.pid!;
const url = new URL("/e/", server.baseUrl);
const agent = new Agent({ keepAlive: true, maxSockets: CONNECTIONS });

/** One request of the kind measured; resolves with its status. */
const send = (i: number) =>
  new Promise<number>((resolve, reject) => {
    const event = { api_key: apiToken, event: "$pageview", distinct_id: `user-${i % 500}`, uuid: crypto.randomUUID() };
    const options =
      KIND === "event"
        ? { method: "POST", agent, headers: { "content-type": "application/json" } }
        : { method: "OPTIONS", agent, headers: { origin: "https://shop.example" } };
    const req = request(url, options, (res) => {
      res.resume();
      res.on("end", () => resolve(res.statusCode ?? 0));
    });
    req.on("error", reject);
    req.end(KIND === "event" ? JSON.stringify(event) : undefined);
  });

/** `total` requests over CONNECTIONS connections: requests/s and the server's CPU per request. */
async function round(total: number) {
  let next = 0;
  let failed = 0;
  const connection = async () => {
    while (next < total) if ((await send(next++)) !== 200) failed++;
  };
  const started = Date.now();
  const cpuBefore = cpuSeconds(pid);
  await Promise.all(Array.from({ length: CONNECTIONS }, connection));
  const cpu = cpuSeconds(pid) - cpuBefore;
  const seconds = (Date.now() - started) / 1000;
  return { "requests/s": Math.round(total / seconds), "server CPU ms / request": Number(((cpu * 1000) / total).toFixed(2)), failed };
}

await round(Math.min(1000, REQUESTS)); // warm-up: the first requests load the handlers
const rows = [];
for (let i = 0; i < 2; i++) rows.push({ kind: KIND, requests: REQUESTS, ...(await round(REQUESTS)), "load avg": load() });
console.table(rows);
agent.destroy();
await server.stop();
