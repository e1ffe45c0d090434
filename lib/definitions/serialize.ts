// Event and property definitions as the API shows them: who changed them last, and events' 30-day volumes.
import { getAnalysisStore } from "@/lib/analytics/store";
import type { EventDefinition, PropertyDefinition, User } from "@/lib/db/schema";
import { usersById } from "@/lib/users/lookup";
import { userBasic } from "@/lib/users/serialize";
import type { TEventDefinition, TPropertyDefinition } from "./schemas";

const iso = (date: Date | null) => date?.toISOString() ?? null;

const personOf = (id: number | null, people: Map<number, User>) => {
  const user = id === null ? undefined : people.get(id);
  return user ? userBasic(user) : null;
};

/** Who last changed a definition and who verified it. */
export const peopleOfDefinitions = (rows: (EventDefinition | PropertyDefinition)[]) =>
  usersById(rows.flatMap((row) => [row.updatedById, row.verifiedById]));

/** The enterprise taxonomy fields events and properties share. */
const curation = (definition: EventDefinition | PropertyDefinition, people: Map<number, User>) => ({
  verified: definition.verified,
  verified_at: iso(definition.verifiedAt),
  verified_by: personOf(definition.verifiedById, people),
  hidden: definition.hidden,
});

// ---- event definitions ----

function serializeEventDefinition(definition: EventDefinition, volume: number | null, people: Map<number, User>): TEventDefinition {
  return {
    id: definition.id,
    name: definition.name,
    description: definition.description,
    tags: definition.tags,
    created_at: iso(definition.createdAt),
    last_seen_at: iso(definition.lastSeenAt),
    updated_at: iso(definition.updatedAt),
    updated_by: personOf(definition.updatedById, people),
    volume_30_day: volume,
    query_usage_30_day: null,
    is_action: false,
    action_id: null,
    is_calculating: false,
    last_calculated_at: null,
    created_by: null,
    post_to_slack: false,
    ...curation(definition, people),
  };
}

/** Events of each of these names in the project's last 30 days: one query over the store for a page. */
async function volumes30Days(projectId: number, names: string[]): Promise<Map<string, number>> {
  if (names.length === 0) return new Map();
  const store = await getAnalysisStore(projectId);
  const rows = await store.query<{ event: string; volume: string }>(
    `SELECT event, count() AS volume FROM events
     WHERE team_id = {team:Int64} AND toDate(timestamp) >= today() - 31 AND timestamp >= now() - INTERVAL 30 DAY
       AND event IN {names:Array(String)}
     GROUP BY event`,
    { team: projectId, names },
  );
  return new Map(rows.map((row) => [row.event, Number(row.volume)]));
}

export async function serializeEventDefinitions(projectId: number, rows: EventDefinition[]): Promise<TEventDefinition[]> {
  const [volumes, people] = await Promise.all([
    volumes30Days(
      projectId,
      rows.map((row) => row.name),
    ),
    peopleOfDefinitions(rows),
  ]);
  return rows.map((row) => serializeEventDefinition(row, volumes.get(row.name) ?? 0, people));
}

// ---- property definitions ----

export function serializePropertyDefinition(
  definition: PropertyDefinition,
  seenOnFilteredEvents: boolean | null,
  people: Map<number, User>,
): TPropertyDefinition {
  return {
    id: definition.id,
    name: definition.name,
    description: definition.description,
    tags: definition.tags,
    is_numerical: definition.isNumerical,
    property_type: definition.propertyType as TPropertyDefinition["property_type"],
    is_seen_on_filtered_events: seenOnFilteredEvents,
    updated_at: iso(definition.updatedAt),
    updated_by: personOf(definition.updatedById, people),
    ...curation(definition, people),
  };
}

export async function servePropertyDefinition(row: PropertyDefinition) {
  return serializePropertyDefinition(row, null, await peopleOfDefinitions([row]));
}
