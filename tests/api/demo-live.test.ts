import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "vitest";
import { DEMO_INSIGHTS } from "../../lib/demo/content";
import { demoSettings, preloadDemoProcess, readMarker } from "../../scripts/demo/seed";
import { ApiClient, sessionCookie } from "../support/api";
import { runsOwnPgliteServers } from "../support/stage";
import { startServer } from "../support/server";

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
}

// A PGlite server of its own whatever the stage: run once, on the PGlite stage.
test.runIf(runsOwnPgliteServers)(
  "a server with a loaded demo puts its insights on the home dashboard and trickles live events, unless told not to",
  async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "hedgerow-demo-live-"));
    try {
      await preloadDemoProcess(
        { ...demoSettings({ HEDGEROW_DATA_DIR: dataDir, HEDGEROW_DEMO_EVENTS: "1500" }), databaseUrl: undefined },
        { quiet: true },
      );
      const marker = readMarker(dataDir)!;
      const signIn = async (baseUrl: string) => {
        const response = await new ApiClient(baseUrl).post("/api/login/", { email: marker.email, password: marker.password });
        expect(response.status).toBe(200);
        return new ApiClient(baseUrl, { cookie: sessionCookie(response) });
      };
      const eventCount = async (demo: ApiClient) => {
        const response = await demo.post(`/api/projects/${marker.projectId}/query/`, {
          query: { kind: "HogQLQuery", query: "SELECT count() FROM events" },
          refresh: "force_blocking",
        });
        expect(response.status, response.text).toBe(200);
        return Number(response.body.results[0][0]);
      };

      const live = await startServer({ backend: "pglite", dataDir, env: { HEDGEROW_DEMO_TRICKLE: "1" } });
      try {
        const demo = await signIn(live.baseUrl);
        const { id } = (await demo.get(`/api/projects/${marker.projectId}/dashboards/`)).body.results.find((d: any) => d.pinned);
        const home = await until(
          async () => (await demo.get(`/api/projects/${marker.projectId}/dashboards/${id}/`)).body,
          (dashboard) => dashboard.tiles.length === DEMO_INSIGHTS.length,
        );
        expect(home.tiles.map((tile: any) => tile.insight.name).sort()).toEqual(DEMO_INSIGHTS.map((insight) => insight.name).sort());
        // Live events arrive on their own, a few every few seconds.
        expect(
          await until(
            () => eventCount(demo),
            (count) => count > 1500 + 4,
            30_000,
          ),
        ).toBeGreaterThan(1504);
      } finally {
        await live.stop();
      }

      // Off (as the test servers have it): nothing arrives, and nothing is made twice.
      const quiet = await startServer({ backend: "pglite", dataDir });
      try {
        const demo = await signIn(quiet.baseUrl);
        const before = await eventCount(demo);
        await new Promise((resolve) => setTimeout(resolve, 12_000));
        expect(await eventCount(demo)).toBe(before);
        const insights = await demo.get(`/api/projects/${marker.projectId}/insights/?limit=100`);
        expect(insights.body.count).toBe(DEMO_INSIGHTS.length);
      } finally {
        await quiet.stop();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  },
  240_000,
);
