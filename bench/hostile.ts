// The hostile inputs of the hardening issue, sent by a key holding only `insight:read` (plus `query:read` for
// events) to a started Hedgerow with a few thousand events: each request's status and time, whether the server
// still answers right after it, and the server's peak resident memory over the whole run.
//   npx tsx bench/hostile.ts   (after `npx next build`)
import { signUp } from "../tests/support/api";
import { sendEvents } from "../tests/support/events";
import { startServer } from "../tests/support/server";
import { peakRssMb, rssSplit } from "./events";
import { hostileAnalyses } from "../tests/support/hostile";

const server = await startServer({ backend: "pglite", env: { ALLOW_SIGNUP: "true" } });
try {
  const owner = await signUp(server.baseUrl);
  const now = Date.now();
  const events = Array.from({ length: 5_000 }, (_, i) => ({
    event: ["$pageview", "signed_up", "purchase"][i % 3],
    distinct_id: `user-${i % 500}`,
    timestamp: new Date(now - (i % 2_000) * 3_600_000).toISOString(),
    properties: { $browser: ["Chrome", "Safari", "Firefox"][(i % 7) % 3], $current_url: `https://example.com/${i % 40}` },
  }));
  await sendEvents(server.baseUrl, owner, events);
  const reader = await owner.key(["insight:read", "query:read"]);
  const pid = server.process.pid!;

  console.log("| request | status | ms | health after |");
  console.log("|---|---|---|---|");
  for (const attack of hostileAnalyses(owner.projectId)) {
    const started = Date.now();
    let status: number | string;
    try {
      const response = await fetch(new URL(attack.path, server.baseUrl), {
        method: attack.body ? "POST" : "GET",
        headers: { authorization: `Bearer ${reader.credentials.key}`, "content-type": "application/json" },
        body: typeof attack.body === "string" ? attack.body : attack.body ? JSON.stringify(attack.body) : undefined,
        signal: AbortSignal.timeout(120_000),
      });
      await response.text();
      status = response.status;
    } catch (error) {
      status = (error as Error).name;
    }
    const ms = Date.now() - started;
    const health = await fetch(new URL("/_health", server.baseUrl))
      .then((r) => String(r.status))
      .catch((error: Error) => `down (${error.message})`);
    console.log(`| ${attack.name} | ${status} | ${ms.toLocaleString("en-US")} | ${health} |`);
  }
  console.log(`\nServer peak RSS: ${peakRssMb(pid).toLocaleString("en-US")} MB (now ${rssSplit(pid)})`);
} finally {
  await server.stop();
}
