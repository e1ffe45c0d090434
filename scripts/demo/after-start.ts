// The demo's part once `npm start`'s server answers, in a process of its own that exits when done (the supervisor,
// scripts/start.mjs, stays small): tells the parent the first server answers, then prints the login last, boxed,
// and on a ClickHouse server first sends the demo events through capture. Its plan (decided by
// scripts/prepare-start.ts) comes from the parent over IPC.
import { type DemoPlan, demoSettings, runDemo, waitForServer } from "./seed";

const port = process.env.PORT || "3000";
const host = process.env.HOST || "0.0.0.0";
const reachableHost = ["0.0.0.0", "::", ""].includes(host) ? "127.0.0.1" : host.includes(":") ? `[${host}]` : host;
const baseUrl = `http://${reachableHost}:${port}`;

process.once("message", async (plan: DemoPlan) => {
  // Or has had its chance: the other server processes start either way.
  await waitForServer(baseUrl).catch(() => undefined);
  process.send?.("answering", () => process.disconnect());
  await runDemo(plan, { baseUrl, siteUrl: `http://localhost:${port}`, settings: demoSettings(process.env) }).catch((error) =>
    console.error(`Demo data could not be loaded (Hedgerow keeps running): ${error.message}`),
  );
});
