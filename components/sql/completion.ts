import type { Completion, CompletionContext, CompletionResult } from "@codemirror/autocomplete";

/** HogQL's tables and the fields each offers (the compiler's: `lib/hogql/compile.ts`), for completion. */
export const HOGQL_SCHEMA = {
  events: ["uuid", "event", "properties", "timestamp", "distinct_id", "person_id", "person", "elements_chain", "created_at", "$session_id"],
  persons: ["id", "properties", "created_at", "is_identified"],
};

export interface Taxonomy {
  events: string[];
  eventProperties: string[];
  personProperties: string[];
}

/** A property name as HogQL reads it after a dot: plain when it is a word, else quoted with backticks. */
const propertyLabel = (name: string) => (/^[A-Za-z_$][\w$]*$/.test(name) ? name : `\`${name.replace(/`/g, "\\`")}\``);

/**
 * The taxonomy's names where HogQL takes them: property names after `properties.` (the person's after
 * `person.properties.`), event names in the text after `event = '`. `taxonomy()` is read when completing.
 */
export function taxonomyCompletion(taxonomy: () => Taxonomy) {
  return (context: CompletionContext): CompletionResult | null => {
    const property = context.matchBefore(/(person\.)?properties\.[\w$]*$/);
    if (property) {
      const names = property.text.startsWith("person.") ? taxonomy().personProperties : taxonomy().eventProperties;
      return {
        from: property.from + property.text.lastIndexOf(".") + 1,
        options: names.map((name): Completion => ({ label: propertyLabel(name), type: "property" })),
        validFor: /^[\w$]*$/,
      };
    }
    const event = context.matchBefore(/\bevent\s*(=|!=)\s*'[^'\n]*$/);
    if (event)
      return {
        from: event.from + event.text.indexOf("'") + 1,
        options: taxonomy().events.map((name): Completion => ({ label: name, type: "text", apply: name.replace(/'/g, "\\'") })),
      };
    return null;
  };
}
