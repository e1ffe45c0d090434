import { colord, extend } from "colord";
import a11y from "colord/plugins/a11y";
import mix from "colord/plugins/mix";
import type { TRetentionRow } from "@/lib/ui/types";

extend([a11y, mix]);

interface RetentionCell {
  count: number;
  /** The share of the row's size (its interval 0) that came back; null when the row is empty. */
  ratio: number | null;
  people_url?: string;
}

export interface RetentionTableRow {
  label: string;
  /** The cohort's start (ISO) when the rows are cohorts; absent for breakdown rows. */
  date?: string;
  size: number;
  cells: RetentionCell[];
  people_url: string;
}

/** The API's rows (cohorts or breakdown values) as table rows: each cell's count and its share of the row's size. */
export function retentionTableRows(result: TRetentionRow[]): RetentionTableRow[] {
  return result.map((row) => {
    const size = row.values[0]?.count ?? 0;
    return {
      label: "breakdown_values" in row ? row.label || "(none)" : row.label,
      ...("date" in row ? { date: row.date } : {}),
      size,
      cells: row.values.map((value) => ({ count: value.count, ratio: size ? value.count / size : null, people_url: value.people_url })),
      people_url: row.people_url,
    };
  });
}

/**
 * The mean retention curve: for each interval, the persons back over the persons of every row that reaches that
 * interval (weighted by row size, as PostHog's "weighted mean"); null where no row with persons reaches it.
 */
export function meanRetention(rows: RetentionTableRow[]): (number | null)[] {
  const intervals = Math.max(0, ...rows.map((row) => row.cells.length));
  return Array.from({ length: intervals }, (_, i) => {
    const reaching = rows.filter((row) => row.size > 0 && i < row.cells.length);
    const size = reaching.reduce((sum, row) => sum + row.size, 0);
    return size ? reaching.reduce((sum, row) => sum + row.cells[i].count, 0) / size : null;
  });
}

export type Theme = "light" | "dark";

/** The scale's ends per theme: an empty cell sits near the card, a full one is the strongest blue. */
const SCALE: Record<Theme, { low: string; high: string }> = {
  light: { low: "#eef3fd", high: "#1c4fb8" },
  dark: { low: "#1f2a3d", high: "#6b9cf5" },
};
const TEXT = { dark: "#000000", light: "#ffffff" };

/** WCAG 2.1's minimum contrast for normal text. */
export const MIN_TEXT_CONTRAST = 4.5;

/**
 * A cell's colours on the retention scale: its background mixed between the theme's ends by `ratio` (0–1, null
 * = no data: the low end), and the text colour (black or white) that contrasts more with that background —
 * always at least 4.5:1, as one of them is on any colour.
 */
export function retentionCellColors(ratio: number | null, theme: Theme): { background: string; color: string } {
  const { low, high } = SCALE[theme];
  const share = ratio === null || !Number.isFinite(ratio) ? 0 : Math.min(Math.max(ratio, 0), 1);
  const background = colord(low).mix(high, share).toHex();
  const onBackground = colord(background);
  const color = onBackground.contrast(TEXT.dark) >= onBackground.contrast(TEXT.light) ? TEXT.dark : TEXT.light;
  return { background, color };
}

/** The contrast between a cell's text and background (for tests and checks). */
export const contrastOf = ({ background, color }: { background: string; color: string }) => colord(background).contrast(color);
