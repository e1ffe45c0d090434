import { startAlertChecks } from "@/lib/alerts/schedule";
import { startBatchExportWorker } from "@/lib/batch-exports/worker";
import { startCohortCalculations } from "@/lib/cohorts/schedule";
import { config } from "@/lib/config";
import { closeDb, getDb } from "@/lib/db/client";
import { backfillDefinitions } from "@/lib/definitions/backfill";
import { startDemoJob } from "@/lib/demo/job";
import { startOverridesSquash } from "@/lib/events/squash-schedule";
import { closeEventStore, getEventStore } from "@/lib/events/store/open";
import { flushIngestion } from "@/lib/ingestion/pipeline";
import { writeDeferredCounts } from "@/lib/plugins/observe/tally";
import { resealStoredSecrets } from "@/lib/secrets/reseal";
import { startSubscriptionDeliveries } from "@/lib/subscriptions/schedule";
import { installForwardedHeaderPolicy } from "./forwarded";
import { protectDataDir } from "./private-files";

/** Opens the metadata database and the event store (running migrations) at start, and closes them when the server is stopped. */
export async function startServerLifecycle() {
  protectDataDir(config.dataDir);
  installForwardedHeaderPolicy();
  if (!config.siteUrl)
    console.warn(
      "[config] SITE_URL is not set: invite links and sign-in redirects use the Host each request names, and session cookies are not Secure. Set SITE_URL to the public URL (README, Configuration).",
    );
  const db = await getDb();
  // Secrets stored in clear by an older Hedgerow, or sealed with a key since rotated, are sealed with the current key.
  await resealStoredSecrets(db);
  await getEventStore();
  // In the background: old installs' definitions, read from their events once (ingestion records new ones).
  backfillDefinitions().catch((error: unknown) => console.error("[definitions] backfill failed:", error));
  // Batch export runs: scheduled, queued (pg-boss) and executed here (HEDGEROW_BATCH_EXPORTS=off leaves them to other processes).
  const batchExports = config.batchExports.enabled ? startBatchExportWorker() : null;
  // Person merges folded into events, so analyses join only recent merges.
  const squash = startOverridesSquash();
  // Dynamic cohorts' members, after each change and periodically (lib/cohorts/schedule.ts).
  const cohortCalculations = startCohortCalculations();
  // Insight alerts: new ones at once, then every calculation interval (lib/alerts/schedule.ts).
  const alertChecks = startAlertChecks();
  // Scheduled e-mails of insights and dashboards (lib/subscriptions/schedule.ts).
  const subscriptionDeliveries = startSubscriptionDeliveries();
  // The first-start demo's dashboard, and its live trickle of events (HEDGEROW_DEMO_TRICKLE=0 turns that off).
  const demo = startDemoJob();
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.once(signal, () => {
      // Events already accepted into a group commit are written (and answered) before the stores close; running
      // batch export runs hand themselves over between pages (a new server resumes them).
      Promise.allSettled([
        demo.stop(),
        // Then the app counts capture deferred, its last requests' included.
        flushIngestion().then(writeDeferredCounts),
        batchExports?.stop(),
        squash.stop(),
        cohortCalculations.stop(),
        alertChecks.stop(),
        subscriptionDeliveries.stop(),
      ])
        .then(() => Promise.allSettled([closeDb(), closeEventStore()]))
        .finally(() => process.exit(0));
    });
  }
}
