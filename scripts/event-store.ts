// The event-store process of `npm start` with several server processes on PostgreSQL and no CLICKHOUSE_URL: it
// alone opens the embedded chDB store (one process per data dir) and serves it to the server processes over
// ClickHouse's HTTP interface on loopback (lib/events/store/http-bridge.ts). Started by scripts/start.mjs, which
// passes the port and the secret and is told "ready" once the store is migrated and listening.
import path from "node:path";
import { config } from "@/lib/config";
import { openChdbSession } from "@/lib/events/store/chdb";
import { openClickhouseStore } from "@/lib/events/store/clickhouse";
import { EVENT_STORE_USER, serveChdbOverHttp } from "@/lib/events/store/http-bridge";
import { migrateEventStore } from "@/lib/events/store/migrate";
import { applyPrivateUmask } from "@/lib/server/private-files";

applyPrivateUmask();

const port = Number(process.env.HEDGEROW_EVENT_STORE_PORT);
const password = process.env.HEDGEROW_EVENT_STORE_SECRET;
if (!port || !password) throw new Error("scripts/event-store.ts is started by npm start (HEDGEROW_EVENT_STORE_PORT and _SECRET)");

const session = await openChdbSession(path.join(config.dataDir, "chdb"));
const bridge = await serveChdbOverHttp(session, { host: "127.0.0.1", port, user: EVENT_STORE_USER, password });
// Migrated here, once, before any server process opens the store.
const migrator = openClickhouseStore(bridge.url);
await migrateEventStore(migrator);
await migrator.close();
process.send?.("ready");

let stopping = false;
async function stop() {
  if (stopping) return;
  stopping = true;
  await bridge.close();
  session.close();
  const { drainPending } = await import("chdb");
  await drainPending();
  process.exit(0);
}
// Stopped by npm start once every server process has written what it acknowledged (so not by a terminal's
// SIGINT, which reaches the whole process group first), or when npm start itself is gone.
process.on("SIGTERM", stop);
process.on("SIGINT", () => undefined);
process.on("disconnect", stop);
