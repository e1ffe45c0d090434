// First start with the demo: the seconds from nothing (a new data dir) to a server answering with the demo loaded,
// both ways `npm start` can load it: by the bulk import before the server starts (the embedded event store), and
// through capture once the server is up (how it loads onto a ClickHouse server). Run after `npx next build`:
//   npx tsx bench/demo-start.ts [--events 100000] [--capture false]
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { demoSettings, planDemo, preloadDemoProcess, runDemo } from "../scripts/demo/seed";
import { startServer } from "../tests/support/server";
import { arg, load } from "./events";

const events = arg("events", "100000");
const withCapture = arg("capture", "true") !== "false";

async function firstStart(way: "import" | "capture") {
  const dataDir = mkdtempSync(path.join(tmpdir(), "hedgerow-bench-demo-"));
  const settings = { ...demoSettings({ HEDGEROW_DATA_DIR: dataDir, HEDGEROW_DEMO_EVENTS: events }), databaseUrl: undefined };
  const started = performance.now();
  let plan = await planDemo(settings);
  if (way === "import") plan = await preloadDemoProcess(settings, { quiet: true });
  const loaded = performance.now();
  const server = await startServer({ backend: "pglite", dataDir });
  try {
    await runDemo(plan, { baseUrl: server.baseUrl, siteUrl: server.baseUrl, settings, log: () => {} });
    const seconds = (performance.now() - started) / 1000;
    const detail =
      way === "import"
        ? `demo loaded in ${((loaded - started) / 1000).toFixed(1)} s, then the server started`
        : "server started, then the demo sent";
    console.log(
      `${way}: ${Number(events).toLocaleString("en-US")} events, ${seconds.toFixed(1)} s to a started server with the demo (${detail}); load ${load()}`,
    );
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await firstStart("import");
if (withCapture) await firstStart("capture");
