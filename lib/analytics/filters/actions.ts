import type { ActionStepJson } from "@/lib/db/schema";
import {
  type SqlParams,
  ZProperties,
  propertyGroupSql,
  usesPersonProperties,
  type PropertyColumns,
  type PropertyGroup,
} from "./properties";
import { chainValuesSql } from "./elements";
import { escapeRegex } from "./regex";
import { ANY_ELEMENT, selectorRegex } from "./selectors";

/**
 * PostHog's actions as ClickHouse SQL: an action matches an event when any of its steps does; a step ANDs its
 * event name, `$current_url`, property filters and, on `$autocapture` steps, its element filters, which match
 * the event's `elements_chain` (`tag.class1.class2:key="value"key="value";parent…`, clicked element first,
 * attributes sorted by key, quotes inside values escaped as `\"`).
 */

export const STRING_MATCHING = ["contains", "regex", "exact"] as const;
export type StringMatching = (typeof STRING_MATCHING)[number];

/** A step with its defaults applied and its property filters as a group. */
export interface ActionStep {
  /** null: any event. */
  event: string | null;
  properties: PropertyGroup;
  selector: string | null;
  tag_name: string | null;
  text: string | null;
  text_matching: StringMatching;
  href: string | null;
  href_matching: StringMatching;
  url: string | null;
  url_matching: StringMatching;
}

export interface ActionDefinition {
  id: number;
  name: string;
  steps: ActionStep[];
}

/** The event's `$current_url` ('' when it has none), from its exact column (clickhouse/migrations/0003). */
const CURRENT_URL = "ifNull(e.prop_current_url, '')";
const AUTOCAPTURE = "$autocapture";

/** PostHog's defaults when a step leaves a matching mode null: exact text and href, url contains. */
export function normalizeActionStep(step: ActionStepJson): ActionStep {
  return {
    event: step.event || null,
    properties: ZProperties.parse(step.properties ?? []),
    selector: step.selector || null,
    tag_name: step.tag_name ?? null,
    text: step.text ?? null,
    text_matching: step.text_matching ?? "exact",
    href: step.href ?? null,
    href_matching: step.href_matching ?? "exact",
    url: step.url || null,
    url_matching: step.url_matching ?? "contains",
  };
}

function stringMatchSql(
  value: string,
  wanted: string,
  matching: StringMatching,
  caseInsensitiveContains: boolean,
  params: SqlParams,
): string {
  const placeholder = params.add(wanted, "String");
  if (matching === "exact") return `${value} = ${placeholder}`;
  if (matching === "regex") return `match(${value}, ${placeholder})`;
  return `${caseInsensitiveContains ? "positionCaseInsensitiveUTF8" : "position"}(${value}, ${placeholder}) > 0`;
}

function stepSql(step: ActionStep, columns: PropertyColumns, params: SqlParams): string {
  const conditions: string[] = [];
  if (step.event) conditions.push(`e.event = ${params.add(step.event, "String")}`);
  // PostHog applies element filters to autocaptured events only.
  if (step.event === AUTOCAPTURE) {
    if (step.selector) conditions.push(`match(e.elements_chain, ${params.add(selectorRegex(step.selector), "String")})`);
    if (step.tag_name !== null)
      conditions.push(`match(e.elements_chain, ${params.add(`^(?:${ANY_ELEMENT};)*?${escapeRegex(step.tag_name)}(?:[.:;]|$)`, "String")})`);
    if (step.href !== null)
      conditions.push(stringMatchSql(chainValuesSql("href", params).first, step.href, step.href_matching, true, params));
    if (step.text !== null) {
      const texts = chainValuesSql("text", params).all;
      conditions.push(`arrayExists(chain_text -> ${stringMatchSql("chain_text", step.text, step.text_matching, true, params)}, ${texts})`);
    }
  }
  if (step.url) {
    // A missing `$current_url` is '' in the materialized column, and null (never matching) in PostHog.
    const url = stringMatchSql(CURRENT_URL, step.url, step.url_matching, false, params);
    conditions.push(step.url_matching === "regex" ? `${CURRENT_URL} != '' AND ${url}` : url);
  }
  const properties = propertyGroupSql(step.properties, columns, params);
  if (properties !== "1") conditions.push(properties);
  if (conditions.length === 0) return "1";
  return conditions.map((c) => `(${c})`).join(" AND ");
}

/**
 * Whether the event row `e` (`e.event`, `e.properties`, `e.elements_chain`, `e.prop_current_url`) matches the
 * action: any of its steps; none when it has no steps. Person properties read `columns.person`.
 */
export function actionConditionSql(action: ActionDefinition, columns: { event: string; person: string }, params: SqlParams): string {
  if (action.steps.length === 0) return "0";
  return `(${action.steps.map((step) => `(${stepSql(step, columns, params)})`).join(" OR ")})`;
}

/** Whether a step of the action filters on person properties (the query then joins the person). */
export const actionUsesPersonProperties = (action: ActionDefinition) => action.steps.some((step) => usesPersonProperties(step.properties));
