// Server only: it reads the event store (lib/analytics/filters stays importable by client code).
import { getAnalysisStore } from "@/lib/analytics/store";

/**
 * Whether some distinct ids of the project were moved by a merge not yet folded into their events (rows in
 * person_distinct_id_overrides; the squash deletes the ones it folds). Without any, every event carries its current
 * person, so an analysis reads `e.person_id` and skips the overrides join and with it the read of every event's
 * distinct_id (a fifth of a 3-step funnel over 10M events).
 */
export async function hasPendingOverrides(teamId: number): Promise<boolean> {
  const store = await getAnalysisStore(teamId);
  return (
    (await store.query("SELECT 1 FROM person_distinct_id_overrides WHERE team_id = {team:Int64} LIMIT 1", { team: teamId })).length > 0
  );
}
