import type { Tx } from "@/lib/db/client";
import { batchExportLogEntries } from "@/lib/db/schema";
import type { BatchExportLogLevel } from "./schemas";

export interface LogLine {
  batchExportId: string;
  /** The run it is about (the API's `instance_id`), or null for the export itself. */
  runId?: string | null;
  level: BatchExportLogLevel;
  message: string;
}

/** Appends lines to exports' logs (what `GET …/logs/` reads): the API writes who did what, runs what happened. */
export async function appendLog(tx: Tx, ...lines: LogLine[]): Promise<void> {
  if (!lines.length) return;
  await tx
    .insert(batchExportLogEntries)
    .values(
      lines.map((line) => ({ batchExportId: line.batchExportId, runId: line.runId ?? null, level: line.level, message: line.message })),
    );
}
