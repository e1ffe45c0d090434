import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Database } from "@/lib/db/client";
import type { EventStore } from "./types";

/**
 * For unit tests: the embedded store (chDB) on a data dir of the test file's own. chDB binds one data dir per
 * process and the config reads `HEDGEROW_DATA_DIR` when first imported, so the store's modules (and whatever a test
 * imports that reaches them) are imported only once `open()` has set it.
 */
export function embeddedTestStore(name: string) {
  const dataDir = mkdtempSync(path.join(tmpdir(), `hedgerow-${name}-`));
  let closeEventStore: (() => Promise<void>) | undefined;
  return {
    dataDir,
    async open(): Promise<EventStore> {
      process.env.HEDGEROW_DATA_DIR = dataDir;
      delete process.env.CLICKHOUSE_URL;
      const factory = await import("./open");
      closeEventStore = factory.closeEventStore;
      return factory.getEventStore();
    },
    async close() {
      await closeEventStore?.();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * For unit tests (and in-process benches) that need both embedded databases: PGlite and chDB on a data dir of the
 * caller's own (one of each per process), imported only once `open()` has pointed the config at that dir.
 */
export function embeddedTestDatabases(name: string) {
  const dataDir = mkdtempSync(path.join(tmpdir(), `hedgerow-${name}-`));
  let close: (() => Promise<unknown>) | undefined;
  return {
    dataDir,
    async open(): Promise<{ db: Database; store: EventStore }> {
      process.env.HEDGEROW_DATA_DIR = dataDir;
      delete process.env.DATABASE_URL;
      delete process.env.CLICKHOUSE_URL;
      const client = await import("@/lib/db/client");
      const events = await import("./open");
      close = () => Promise.all([client.closeDb(), events.closeEventStore()]);
      return { db: await client.getDb(), store: await events.getEventStore() };
    },
    async close() {
      await close?.();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
