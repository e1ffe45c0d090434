import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
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
      const factory = await import("./index");
      closeEventStore = factory.closeEventStore;
      return factory.getEventStore();
    },
    async close() {
      await closeEventStore?.();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
