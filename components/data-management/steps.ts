import { isComplete, type PropertyFilterValue } from "@/components/insights/controls/filter-kinds";
import type { TAction } from "@/lib/ui/types";

// An action's steps as the editor holds them (text boxes, never null) and as the API takes them, and in one line.

export type StringMatching = "contains" | "exact" | "regex";
type ActionStep = TAction["steps"][number];

const PAGEVIEW = "$pageview";
const AUTOCAPTURE = "$autocapture";

export interface StepDraft {
  /** null: any event. */
  event: string | null;
  url: string;
  url_matching: StringMatching;
  text: string;
  text_matching: StringMatching;
  href: string;
  href_matching: StringMatching;
  selector: string;
  properties: PropertyFilterValue[];
}

/** Whether a step of this event matches on the page's URL, and on the clicked element. */
export const hasUrl = (event: string | null) => event === PAGEVIEW || event === AUTOCAPTURE;
export const hasElement = (event: string | null) => event === AUTOCAPTURE;

export const emptyStep = (event: string | null = PAGEVIEW): StepDraft => ({
  event,
  url: "",
  url_matching: "contains",
  text: "",
  text_matching: "exact",
  href: "",
  href_matching: "exact",
  selector: "",
  properties: [],
});

export function draftOf(step: ActionStep): StepDraft {
  return {
    event: step.event,
    url: step.url ?? "",
    url_matching: step.url_matching ?? "contains",
    text: step.text ?? "",
    text_matching: step.text_matching ?? "exact",
    href: step.href ?? "",
    href_matching: step.href_matching ?? "exact",
    selector: step.selector ?? "",
    properties: (step.properties ?? []) as unknown as PropertyFilterValue[],
  };
}

const text = (value: string) => (value.trim() === "" ? null : value);

/** The step as the API takes it: blank boxes are null, URL and element fields only where the event has them. */
export function stepOf(draft: StepDraft) {
  const url = hasUrl(draft.event) ? text(draft.url) : null;
  const element = hasElement(draft.event);
  return {
    event: draft.event,
    url,
    url_matching: url === null ? null : draft.url_matching,
    text: element ? text(draft.text) : null,
    text_matching: element && text(draft.text) !== null ? draft.text_matching : null,
    href: element ? text(draft.href) : null,
    href_matching: element && text(draft.href) !== null ? draft.href_matching : null,
    selector: element ? text(draft.selector) : null,
    tag_name: null,
    // Filters still being written are left out, not sent half-made.
    properties: draft.properties.filter(isComplete) as unknown as Record<string, unknown>[],
  };
}

const MATCHING_WORDS: Record<StringMatching, string> = { contains: "contains", exact: "is", regex: "matches" };

/** One line for a step: its event, then each condition (`$pageview where URL contains /pricing`). */
export function stepSummary(step: ActionStep): string {
  const conditions = [
    step.url ? `URL ${MATCHING_WORDS[step.url_matching ?? "contains"]} ${step.url}` : null,
    step.text ? `text ${MATCHING_WORDS[step.text_matching ?? "exact"]} “${step.text}”` : null,
    step.href ? `link ${MATCHING_WORDS[step.href_matching ?? "exact"]} ${step.href}` : null,
    step.selector ? `element ${step.selector}` : null,
    step.properties?.length ? `${step.properties.length} ${step.properties.length === 1 ? "filter" : "filters"}` : null,
  ].filter(Boolean);
  const event = step.event ?? "Any event";
  return conditions.length ? `${event} where ${conditions.join(", ")}` : event;
}

/** Every step's line, "or" between them. */
export const stepsSummary = (steps: ActionStep[]) => (steps.length ? steps.map(stepSummary).join(" or ") : "No steps");
