import { elementsFromSdk, elementsToChain } from "@/lib/events/elements";
import type { CapturedEvent } from "./types";

/** The `events` row of a captured event, attributed to its person. */
export function eventRow(candidate: { projectId: number; event: CapturedEvent }, personId: string) {
  const { event } = candidate;
  // posthog-js sends autocapture elements as `$elements_chain` (or, older or configured so, as an `$elements`
  // list); PostHog keeps them in their own column as the chain, and in neither property.
  const { $elements_chain: sentChain, $elements: sentElements } = event.properties;
  // Copied only to leave those two out: most events have neither, and their properties are many.
  const properties =
    "$elements_chain" in event.properties || "$elements" in event.properties ? withoutElements(event.properties) : event.properties;
  const elementsChain =
    typeof sentChain === "string" && sentChain
      ? sentChain
      : Array.isArray(sentElements)
        ? elementsToChain(elementsFromSdk(sentElements))
        : "";
  return {
    uuid: event.uuid,
    event: event.event,
    // An object, which ClickHouse reads into the String column as its JSON text
    // (input_format_json_read_objects_as_strings): the row is serialized once, not twice.
    properties,
    timestamp: event.timestamp.toISOString(),
    team_id: candidate.projectId,
    distinct_id: event.distinctId,
    person_id: personId,
    elements_chain: elementsChain,
  };
}

function withoutElements(properties: Record<string, unknown>): Record<string, unknown> {
  const { $elements_chain: _chain, $elements: _elements, ...rest } = properties;
  return rest;
}
