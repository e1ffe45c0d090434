import { propertyText } from "@/components/properties-table";
import { toCsv } from "@/lib/api/csv";
import { personName } from "@/lib/persons/schemas";
import type { TEvent } from "@/lib/ui/types";

/**
 * Events as the explorer lists them, one row each: time (ISO, UTC), event, person, distinct id, then the chosen
 * property columns as `properties.<key>` (as the API's CSV names nested fields). Cells a spreadsheet would run
 * as formulas are written as text (toCsv's rule).
 */
export function eventsCsv(events: TEvent[], propertyKeys: string[]): string {
  const rows = events.map((event) => ({
    timestamp: event.timestamp,
    event: event.event,
    person: event.person ? personName(event.person.properties, event.person.distinct_ids, event.person.id) : null,
    distinct_id: event.distinct_id,
    properties: Object.fromEntries(
      propertyKeys.map((key) => [key, event.properties[key] === undefined ? null : propertyText(event.properties[key])]),
    ),
  }));
  return toCsv(rows);
}
