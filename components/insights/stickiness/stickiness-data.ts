import type { TTrendItem } from "@/lib/ui/types";

/** PostHog writes `persons_urls` relative to the site root without its slash (`api/projects/…`). */
const rooted = (url: string) => (/^(https?:\/\/|\/)/.test(url) ? url : `/${url}`);

export interface StickinessSeries {
  key: string;
  name: string;
  /** Persons who did the event in exactly k intervals, at index k - 1. */
  data: number[];
  /** Persons who did it at all in the range. */
  total: number;
  previous: boolean;
  /** The persons list (an actors API path) of each k, at index k - 1, where the API gives one. */
  personsUrls: (string | undefined)[];
  /** The series' colour: a compared period takes its current period's. */
  colorIndex: number;
}

/**
 * The stickiness items as chart series and table rows: each named by its series (a compared period suffixed
 * "previous period"), and the x labels "1 day", "2 days", … from the API; compared periods come labelled by
 * position ("day 0"), so theirs are made from `days` and the interval.
 */
export function stickinessSeries(items: TTrendItem[], interval: string): { labels: string[]; series: StickinessSeries[] } {
  const labelled = items.find((item) => item.compare_label !== "previous") ?? items[0];
  const length = Math.max(0, ...items.map((item) => item.data.length));
  const count = (i: number) => {
    const k = Number(labelled?.days[i] ?? i + 1);
    return `${k} ${interval}${k === 1 ? "" : "s"}`;
  };
  const labels = Array.from({ length }, (_, i) => (labelled?.compare ? count(i) : (labelled?.labels[i] ?? count(i))));
  let colorIndex = -1;
  const series = items.map((item, index) => {
    const previous = item.compare_label === "previous";
    if (!previous || colorIndex < 0) colorIndex++;
    return {
      key: `s${index}`,
      name: previous ? `${item.label} (previous period)` : item.label,
      data: item.data,
      total: item.data.reduce((sum, value) => sum + value, 0),
      previous,
      personsUrls: ((item as { persons_urls?: { url?: string }[] }).persons_urls ?? []).map((entry) => entry?.url && rooted(entry.url)),
      colorIndex,
    };
  });
  return { labels, series };
}
