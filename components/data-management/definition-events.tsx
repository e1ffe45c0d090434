"use client";

import { EventsTable } from "@/components/events/events-table";
import type { DefinitionKind } from "@/lib/ui/query-keys";

/** The latest events of an event name, or with a property (an event's, or the person's), from the events API. */
export function DefinitionEvents({
  projectId,
  kind,
  name,
  propertyOf,
}: {
  projectId: number;
  kind: DefinitionKind;
  name: string;
  propertyOf: "event" | "person";
}) {
  return (
    <section className="grid gap-2" aria-labelledby="recent-events-heading">
      <h2 id="recent-events-heading" className="text-lg font-semibold">
        Recent events
      </h2>
      <EventsTable
        projectId={projectId}
        label={`Recent events with ${name}`}
        params={
          kind === "event"
            ? { event: name }
            : { properties: JSON.stringify([{ key: name, type: propertyOf, operator: "is_set", value: "is_set" }]) }
        }
        propertyKeys={kind === "property" && propertyOf === "event" ? [name] : []}
        empty={
          kind === "event"
            ? "No event of this name yet."
            : propertyOf === "person"
              ? "No event by a person with this property yet."
              : "No event with this property yet."
        }
      />
    </section>
  );
}
