import path from "node:path";
import { config } from "@/lib/config";
import { migrateEventStore } from "./migrate";
import type { EventStore } from "./types";

export type { EventStore } from "./types";

// One store per process (chDB binds one data dir per process), kept on globalThis so Next's dev-mode module
// reloads reuse it, and opened on first use so `next build` never touches it.
const holder = globalThis as unknown as { __hedgerowEventStore?: Promise<EventStore> };

async function open(): Promise<EventStore> {
  const store = config.clickhouseUrl
    ? (await import("./clickhouse")).openClickhouseStore(config.clickhouseUrl)
    : await (await import("./chdb")).openChdbStore(path.join(config.dataDir, "chdb"));
  try {
    await migrateEventStore(store);
  } catch (error) {
    await store.close();
    throw error;
  }
  return store;
}

/** The configured event store (chDB, or the ClickHouse server at CLICKHOUSE_URL), migrated. */
export async function getEventStore(): Promise<EventStore> {
  holder.__hedgerowEventStore ??= open().catch((error) => {
    holder.__hedgerowEventStore = undefined;
    throw error;
  });
  return holder.__hedgerowEventStore;
}

/** Closes the process's event store (server shutdown, CLI commands, tests). */
export async function closeEventStore(): Promise<void> {
  const opened = holder.__hedgerowEventStore;
  holder.__hedgerowEventStore = undefined;
  // A store that failed to open has nothing to close.
  if (opened)
    await opened.then(
      (store) => store.close(),
      () => undefined,
    );
}
