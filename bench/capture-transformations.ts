// Capture throughput with the GeoIP and User Agent Populator transformations switched on against none, in one run
// on one built server (`scripts/serve.mjs`, embedded stores): rounds alternate off/on on the same project, so load drifts hit both alike.
// Each visitor (distinct id) sends all its events from one random IPv4 `$ip` (a share of them private, as real
// traffic) with one browser `$raw_user_agent`; the populator overrides, so every event is looked at. The server's CPU
// per event in each mode is printed too (less moved by other programs' load). Run after `npx next build`:
//   nice -n 19 npx tsx bench/capture-transformations.ts [--seconds 15] [--connections 16] [--rounds 2]
import { promisify } from "node:util";
import { gzip } from "node:zlib";
import { generateDemoEvents } from "../scripts/demo/generate";
import { BATCH, drive } from "./capture-client";
import { arg, cpuSeconds, load, peakRssMb, rssSplit, startWithProject } from "./events";

const SECONDS = Number(arg("seconds", "15"));
const CONNECTIONS = Number(arg("connections", "16"));
const ROUNDS = Number(arg("rounds", "2"));
const POOL = Number(arg("pool", "400000"));

const AGENTS = [
  "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36",
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:121.0) Gecko/20100101 Firefox/121.0",
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Mobile/15E148 Safari/604.1",
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36",
];
const gzipAsync = promisify(gzip);
const octet = () => Math.floor(Math.random() * 256);

async function payloads(apiKey: string, pool: number): Promise<Buffer[]> {
  const now = Date.now();
  const bodies: Buffer[] = [];
  const visitors = new Map<string, { ip: string; agent: string }>();
  const visitor = (distinctId: string) => {
    let found = visitors.get(distinctId);
    if (!found) {
      found = {
        ip: `${1 + Math.floor(Math.random() * 222)}.${octet()}.${octet()}.${octet()}`,
        agent: AGENTS[Math.floor(Math.random() * AGENTS.length)],
      };
      visitors.set(distinctId, found);
    }
    return found;
  };
  for (const batch of generateDemoEvents({ events: pool, seed: 3, now, batchSize: BATCH })) {
    for (const event of batch) {
      event.timestamp = new Date(now - Math.floor(Math.random() * 60_000)).toISOString();
      const { ip, agent } = visitor(String(event.distinct_id));
      event.properties = { ...event.properties, $ip: ip, $raw_user_agent: agent };
    }
    bodies.push(await gzipAsync(JSON.stringify({ api_key: apiKey, batch, sent_at: new Date(now).toISOString() })));
  }
  return bodies;
}

const { server, apiToken, projectId, session } = await startWithProject();
const pid = server.process.pid as number;
const me = await session.get("/api/users/@me/");
const organizationId = me.body.organization.id;
const configIds: number[] = [];
for (const [order, url, config] of [
  [1, "https://github.com/PostHog/posthog-plugin-geoip", {}],
  [2, "https://github.com/PostHog/user-agent-plugin", { overrideUserAgentDetails: "true" }],
] as const) {
  const installed = await session.post(`/api/organizations/${organizationId}/pipeline_transformations/`, { url });
  const created = await session.post(`/api/projects/${projectId}/plugin_configs/`, {
    plugin: installed.body.id,
    enabled: false,
    order,
    config,
  });
  if (created.status !== 201) throw new Error(`setting up ${url}: ${created.status} ${JSON.stringify(created.body)}`);
  configIds.push(created.body.id);
}
const switchApps = async (enabled: boolean) => {
  for (const id of configIds) await session.patch(`/api/projects/${projectId}/plugin_configs/${id}/`, { enabled });
};

console.log(`Generating ${POOL.toLocaleString("en-US")} events…`);
const bodies = await payloads(apiToken, POOL);
// Warm-up with the apps on (the GeoIP database loads here, its memory counted below), then off.
const rssBefore = rssSplit(pid);
await switchApps(true);
let offset = (await drive(server.baseUrl, bodies, 0, 4, 5)).used;
const rssAfterGeoip = rssSplit(pid);
await switchApps(false);
offset += (await drive(server.baseUrl, bodies, offset, 4, 3)).used;

const rates: Record<"none" | "apps", number[]> = { none: [], apps: [] };
// The server's CPU per event (its threads and children): on a shared machine it varies much less than the rates do.
const cpu: Record<"none" | "apps", { seconds: number; events: number }> = {
  none: { seconds: 0, events: 0 },
  apps: { seconds: 0, events: 0 },
};
let roundStart = { ...cpu.none };
rounds: for (let round = 0; round < ROUNDS; round++) {
  for (const mode of ["none", "apps"] as const) {
    if (mode === "none") roundStart = { ...cpu.none };
    await switchApps(mode === "apps");
    const cpuBefore = cpuSeconds(pid);
    const result = await drive(server.baseUrl, bodies, offset, CONNECTIONS, SECONDS);
    const cpuUsed = cpuSeconds(pid) - cpuBefore;
    offset += result.used;
    if (result.failed) console.log(`  (${result.failed} failed)`);
    // A round cut short by the pool is not a measure: it and its pair are left out (a larger --pool runs them all).
    if (result.exhausted) {
      console.log(`  (the pool of events ran out in round ${round + 1}: that round is left out; pass a larger --pool)`);
      if (mode === "apps") {
        rates.none.pop();
        cpu.none = roundStart;
      }
      break rounds;
    }
    const rate = Math.round(result.accepted / result.elapsed);
    rates[mode].push(rate);
    cpu[mode].seconds += cpuUsed;
    cpu[mode].events += result.accepted;
    const cpuPerEvent = Math.round((cpuUsed / result.accepted) * 1e6);
    console.log(
      `  round ${round + 1}, ${mode}: ${rate.toLocaleString("en-US")} events/s (p50 ${result.p50} ms, p99 ${result.p99} ms), server CPU ${cpuPerEvent} µs/event`,
    );
  }
}
const mean = (values: number[]) => values.reduce((sum, v) => sum + v, 0) / values.length;
const ratio = mean(rates.apps) / mean(rates.none);
const cpuPerEvent = (mode: "none" | "apps") => (cpu[mode].seconds / cpu[mode].events) * 1e6;
const stored = await session.get(`/api/projects/${projectId}/events/?limit=1`);
const sample = stored.body.results?.[0]?.properties ?? {};
console.log(
  `\nNo apps: ${Math.round(mean(rates.none)).toLocaleString("en-US")} events/s; GeoIP + User Agent Populator: ${Math.round(mean(rates.apps)).toLocaleString("en-US")} events/s; ratio ${(100 * ratio).toFixed(1)} % (target ≥ 85 %).`,
);
console.log(
  `Server CPU per event: ${cpuPerEvent("none").toFixed(0)} µs without apps, ${cpuPerEvent("apps").toFixed(0)} µs with them (${((100 * cpuPerEvent("none")) / cpuPerEvent("apps")).toFixed(1)} %: the ratio a CPU-bound server would show).`,
);
console.log(`Newest stored event: $geoip_country_code=${sample.$geoip_country_code ?? "-"}, $browser=${sample.$browser ?? "-"}.`);
console.log(
  `Server resident: ${rssBefore} before the GeoIP database, ${rssAfterGeoip} after its warm-up, ${rssSplit(pid)} at the end; peak ${peakRssMb(pid)} MB. ${CONNECTIONS} connections, ${SECONDS} s a round; load ${load()}.`,
);
await server.stop();
