import { closeDb, getDb } from "@/lib/db/client";

/** Opens the metadata database (running migrations) at start, and closes it when the server is stopped. */
export async function startServerLifecycle() {
  await getDb();
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.once(signal, () => {
      closeDb().finally(() => process.exit(0));
    });
  }
}
