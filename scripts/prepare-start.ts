// What `npm start` does before its servers start, in a process of its own that exits once done, so the supervisor
// that stays for the instance's life (scripts/start.mjs) loads none of it: builds once if needed (its progress
// shown, scripts/build-progress.ts), checks the configuration, plans the demo and, on the embedded event store,
// loads it now by the bulk import while nothing else holds the data dir. Tells its parent, over IPC, what the
// supervisor needs (`StartPlan`).
import { existsSync } from "node:fs";
import path from "node:path";
import { parseEnvironment } from "@/lib/environment";
import { applyPrivateUmask, protectDataDir } from "@/lib/server/private-files";
import { buildWithProgress } from "./build-progress";
import { type DemoPlan, demoSettings, planDemo, preloadDemoProcess } from "./demo/seed";

export interface StartPlan {
  workers: number;
  /** A ClickHouse server holds the events (else the embedded chDB store). */
  clickhouseServer: boolean;
  demo: DemoPlan;
}

// Before anything writes: the data dir and every file this process and its children create are the user's only.
applyPrivateUmask();

if (!existsSync(path.join(process.env.NEXT_DIST_DIR || ".next", "BUILD_ID"))) {
  const status = await buildWithProgress();
  if (status !== 0) process.exit(status);
}

let config: ReturnType<typeof parseEnvironment>;
try {
  config = parseEnvironment(process.env);
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
protectDataDir(config.dataDir);
const settings = demoSettings(process.env);
// Decided before the server starts: once it runs, its migrations make any instance look used.
let demo = await planDemo(settings);
if ((demo.action === "create" || demo.action === "resume") && !config.clickhouseUrl) {
  demo = await preloadDemoProcess(settings).catch((error) => {
    console.error(`Demo data could not be loaded (Hedgerow starts without it; the next start finishes the load): ${error.message}`);
    return { action: "none" } as const;
  });
}
// Generated once here rather than raced by the server processes (each would read its own).
if (config.workers > 1) (await import("@/lib/config")).sessionSecret();

const port = process.env.PORT || "3000";
console.log(`\nHedgerow: http://localhost:${port}`);
console.log(
  process.env.DATABASE_URL ? "Metadata: PostgreSQL (DATABASE_URL)" : `Metadata: embedded PGlite in ${path.resolve(config.dataDir)}`,
);
console.log(`Server processes: ${config.workers}`);

const plan: StartPlan = { workers: config.workers, clickhouseServer: Boolean(config.clickhouseUrl), demo };
process.send?.(plan, () => process.disconnect());
