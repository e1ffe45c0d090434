import type { z } from "zod";
import type { FunnelEntity, NormalizedFunnel } from "./normalize";
import type { ZCompareLabel } from "./schemas";

export interface FunnelRow {
  breakdown_value: string;
  counts: (string | number)[];
  avgs: (number | string | null)[];
  meds: (number | string | null)[];
}

export interface FunnelStepResult {
  action_id: string | number | null;
  name: string;
  custom_name: string | null;
  order: number;
  people: never[];
  count: number;
  type: "events" | "actions";
  average_conversion_time: number | null;
  median_conversion_time: number | null;
  converted_people_url: string;
  dropped_people_url: string | null;
  breakdown?: string | string[];
  breakdown_value?: string | string[];
  compare?: true;
  compare_label?: z.output<typeof ZCompareLabel>;
}

const num = (v: number | string | null | undefined): number | null => {
  if (v === null || v === undefined) return null;
  const n = typeof v === "number" ? v : Number(v);
  return Number.isFinite(n) ? n : null;
};

function peopleUrl(filterQuery: string, step: number, breakdown?: string): string {
  const params = new URLSearchParams(filterQuery);
  params.set("funnel_step", String(step));
  if (breakdown !== undefined) params.set("funnel_step_breakdown", breakdown);
  return `/api/person/funnel/?${params}`;
}

/** The legacy filter as query text, for the people URLs (of one period: `compare` left out). */
export function filterQueryOf(f: NormalizedFunnel, raw: Record<string, unknown>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(raw)) {
    if (value === undefined || value === null || key === "refresh" || key === "compare") continue;
    params.set(key, typeof value === "string" ? value : JSON.stringify(value));
  }
  params.set("insight", "FUNNELS");
  params.set("date_from", f.from.toISOString());
  params.set("date_to", f.to.toISOString());
  return params.toString();
}

function stepsOf(f: NormalizedFunnel, row: FunnelRow | undefined, filterQuery: string, breakdown?: string): FunnelStepResult[] {
  return f.steps.map((step: FunnelEntity, i) => {
    const count = row ? Number(row.counts[i]) : 0;
    const result: FunnelStepResult = {
      action_id: step.id,
      name: step.name,
      custom_name: step.custom_name,
      order: i,
      people: [],
      count,
      type: step.type,
      average_conversion_time: i === 0 || count === 0 ? null : num(row?.avgs[i]),
      median_conversion_time: i === 0 || count === 0 ? null : num(row?.meds[i]),
      converted_people_url: peopleUrl(filterQuery, i + 1, breakdown),
      dropped_people_url: i === 0 ? null : peopleUrl(filterQuery, -(i + 1), breakdown),
    };
    if (breakdown !== undefined) {
      // A breakdown given as a list answers with lists (PostHog's multi-property breakdown shape).
      const value = f.breakdown?.asList ? [breakdown] : breakdown;
      result.breakdown = value;
      result.breakdown_value = value;
    }
    return result;
  });
}

/** `funnel_viz_type: steps`: the steps, or with a breakdown one array of steps per value. */
export function shapeSteps(f: NormalizedFunnel, rows: FunnelRow[], filterQuery: string): FunnelStepResult[] | FunnelStepResult[][] {
  if (!f.breakdown) return stepsOf(f, rows[0], filterQuery);
  return rows.slice(0, f.breakdown.limit).map((row) => stepsOf(f, row, filterQuery, row.breakdown_value));
}
