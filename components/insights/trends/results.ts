import { colorLines } from "@/components/insights/charts/line-colors";
import { entityLetter } from "@/components/insights/controls/entity-list";
import { NULL_BREAKDOWN, OTHER_BREAKDOWN } from "@/lib/analytics/trends/constants";
import { toCsv } from "@/lib/api/csv";
import type { TTrendItem } from "@/lib/ui/types";

/** One line of the chart and one row of the table: a series or a formula, per breakdown value and compared period. */
export interface TrendLine {
  /** Stable across requests of the same filter: the source, the breakdown value and the period. */
  id: string;
  /** The series' letter ("A") or the formula's text. */
  source: string;
  formula: boolean;
  /** The series' name (its custom name, else its event or action) or "Formula (A / B)". */
  name: string;
  breakdownValue: string | null;
  compare: "current" | "previous" | null;
  /** One value per interval (empty for aggregated displays). */
  data: number[];
  /** The intervals' dates as the API writes them ("2026-11-17", hours "2026-11-17 14:00:00"). */
  days: string[];
  /** The line's total: the sum (the last value when cumulative) or the aggregated value. */
  total: number;
  /** A data point's persons, as API paths ("/api/projects/1/persons/trends/?…"); null for formulas. */
  personsUrls: string[] | null;
  /** The palette index: a series and its previous period share one colour (with a breakdown, see `colorLines`). */
  colorIndex: number;
  /** With a breakdown, the series' shade of its breakdown value's colour (set by `colorLines`). */
  shade?: number;
}

interface ItemExtras {
  action?: { order?: number | null; name?: string | null; custom_name?: string | null } | null;
  persons_urls?: { url: string }[];
}

/**
 * The chart's lines from a trend's items: the series' and, after them, each formula's (an item naming its
 * `formula`). The API answers them together, so a tile or a shared page draws exactly what the saved result holds.
 */
export function trendLines(items: TTrendItem[]): TrendLine[] {
  const line = (item: TTrendItem, source: string, formula: boolean, name: string, personsUrls: string[] | null): TrendLine => {
    // A cohort breakdown's values are cohort ids: shown as text like the others.
    const breakdownValue = item.breakdown_value === undefined || item.breakdown_value === null ? null : String(item.breakdown_value);
    const compare = item.compare_label ?? null;
    const key = `${source}|${breakdownValue ?? ""}`;
    return {
      id: `${key}|${compare ?? ""}`,
      source,
      formula,
      name,
      breakdownValue,
      compare,
      data: item.data,
      days: item.days.map(String),
      total: item.aggregated_value ?? item.count ?? 0,
      personsUrls,
      colorIndex: 0,
    };
  };
  // Coloured over every line, before the table hides or sorts any, so that each keeps its colour.
  return colorLines(
    items.map((item) => {
      if (item.formula) return line(item, item.formula, true, `Formula (${item.formula})`, null);
      const { action, persons_urls } = item as TTrendItem & ItemExtras;
      const order = action?.order ?? 0;
      const name = action?.custom_name || action?.name || item.label;
      return line(
        item,
        entityLetter(order),
        false,
        name,
        persons_urls ? persons_urls.map((entry) => `/${entry.url.replace(/^\//, "")}`) : null,
      );
    }),
  );
}

/** A breakdown value as people read it. */
export function breakdownLabel(value: string): string {
  if (value === OTHER_BREAKDOWN) return "Other";
  if (value === NULL_BREAKDOWN || value === "") return "(none)";
  return value;
}

/** An interval's date for axes, headers and tooltips: "Nov 17", "Nov 17, 14:00", "Nov 2026". */
export function formatBucket(day: string, interval: string): string {
  const instant = new Date(`${day.replace(" ", "T")}${day.includes(" ") ? "" : "T00:00:00"}Z`);
  if (Number.isNaN(instant.getTime())) return day;
  const options: Intl.DateTimeFormatOptions =
    interval === "hour" || interval === "minute"
      ? { month: "short", day: "numeric", hour: "2-digit", minute: "2-digit", hourCycle: "h23" }
      : interval === "month"
        ? { month: "short", year: "numeric" }
        : { month: "short", day: "numeric" };
  return new Intl.DateTimeFormat("en", { ...options, timeZone: "UTC" }).format(instant);
}

/** A line's full label: name, breakdown value and, when comparing, which period with its dates. */
export function lineLabel(line: TrendLine, interval: string): string {
  const parts = [line.formula ? line.name : `${line.source}. ${line.name}`];
  if (line.breakdownValue !== null) parts.push(breakdownLabel(line.breakdownValue));
  let label = parts.join(" · ");
  if (line.compare && line.days.length)
    label += ` (${line.compare}: ${formatBucket(line.days[0], interval)} – ${formatBucket(line.days.at(-1)!, interval)})`;
  return label;
}

/** The results table's columns: the label, one per interval (time series only) and the total. */
export function tableColumns(lines: TrendLine[], interval: string, timeSeries: boolean): string[] {
  // The current period's dates head the columns; a previous period's values sit under them by position.
  const reference = lines.find((line) => line.compare !== "previous") ?? lines[0];
  const dates = timeSeries && reference ? reference.days.map((day) => formatBucket(day, interval)) : [];
  return ["Series", ...dates, "Total"];
}

/**
 * The table's rows as CSV, in the order and with the columns shown: exactly what the table holds, each interval's
 * column headed by its date as the API writes it (with its year: a file outlives the page it came from).
 */
export function tableCsv(lines: TrendLine[], interval: string, timeSeries: boolean): string {
  const reference = lines.find((line) => line.compare !== "previous") ?? lines[0];
  const dates = timeSeries && reference ? reference.days : [];
  const columns = ["Series", ...dates, "Total"];
  if (!lines.length) return `${columns.join(",")}\r\n`;
  return toCsv(
    lines.map((line) => ({
      Series: lineLabel(line, interval),
      ...Object.fromEntries(dates.map((date, i) => [date, line.data[i] ?? ""])),
      Total: line.total,
    })),
  );
}

/** Recharts' rows: one per interval, each line's value under its id (lines hidden by the table left out). */
export function chartRows(lines: TrendLine[]): Record<string, number | string>[] {
  const length = Math.max(0, ...lines.map((line) => line.data.length));
  return Array.from({ length }, (_, index) => {
    const row: Record<string, number | string> = { index };
    for (const line of lines) if (index < line.data.length) row[line.id] = line.data[index];
    return row;
  });
}
