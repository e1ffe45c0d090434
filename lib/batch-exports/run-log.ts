import type { Database } from "@/lib/db/client";
import { batchExportLogEntries } from "@/lib/db/schema";
import type { BatchExportLogLevel } from "./schemas";

/** Appends an entry to the export's log, naming the run (PostHog's `instance_id`). */
export async function writeRunLog(
  db: Database,
  run: { id: string; batchExportId: string },
  level: BatchExportLogLevel,
  message: string,
): Promise<void> {
  await db.insert(batchExportLogEntries).values({ batchExportId: run.batchExportId, runId: run.id, level, message });
}
