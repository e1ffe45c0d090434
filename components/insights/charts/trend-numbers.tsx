import { lineColor } from "@/components/insights/charts/line-colors";
import { breakdownLabel, lineLabel, type TrendLine } from "@/components/insights/trends/results";
import { formatPercent, formatValue } from "@/lib/ui/format";
import { cn } from "@/lib/ui/utils";

/**
 * PostHog's "Number" display: each series' total, large; beside a compared period, the change. With a breakdown,
 * a series shows the sum of its values and, under it, each value in a compact list that wraps to the box's width.
 */
export function TrendNumbers({
  lines,
  interval,
  compact,
  ...attributes
}: {
  lines: TrendLine[];
  interval: string;
  compact?: boolean;
  "data-series": string;
}) {
  const previousOf = (line: TrendLine) =>
    line.compare === "current"
      ? lines.find((other) => other.compare === "previous" && other.source === line.source && other.breakdownValue === line.breakdownValue)
      : undefined;
  const shown = lines.filter((line) => line.compare !== "previous");
  const broken = shown.some((line) => line.breakdownValue !== null);
  const sources = [...new Set(shown.map((line) => line.source))];
  return (
    <div
      className={cn("flex min-w-0 flex-wrap content-center justify-center gap-6", compact ? "h-full overflow-auto" : "min-h-48 py-6")}
      data-testid="trend-chart"
      {...attributes}
    >
      {broken
        ? sources.map((source) => {
            const values = shown.filter((line) => line.source === source);
            return <BrokenDownNumber key={source} values={values} interval={interval} compact={compact} previousOf={previousOf} />;
          })
        : shown.map((line) => (
            <BigNumber
              key={line.id}
              line={line}
              label={lineLabel(line, interval)}
              previous={previousOf(line)}
              compact={compact}
              colored={shown.length > 1}
            />
          ))}
    </div>
  );
}

function BigNumber({
  line,
  label,
  previous,
  compact,
  colored,
}: {
  line: TrendLine;
  label: string;
  previous?: TrendLine;
  compact?: boolean;
  colored: boolean;
}) {
  return (
    <div className="grid min-w-0 justify-items-center gap-1 text-center">
      <span
        className={cn("font-semibold tabular-nums", compact ? "text-3xl" : "text-5xl")}
        style={{ color: colored ? lineColor(line) : undefined }}
      >
        {formatValue(line.total)}
      </span>
      <span className="max-w-full truncate text-sm text-muted-foreground" title={label}>
        {label}
      </span>
      {previous ? <Change line={line} previous={previous} /> : null}
    </div>
  );
}

/** A series with a breakdown: the sum of its values, then each value, largest first, wrapped. */
function BrokenDownNumber({
  values,
  interval,
  compact,
  previousOf,
}: {
  values: TrendLine[];
  interval: string;
  compact?: boolean;
  previousOf: (line: TrendLine) => TrendLine | undefined;
}) {
  const first = values[0];
  const name = first.formula ? first.name : `${first.source}. ${first.name}`;
  const sum = values.reduce((total, line) => total + line.total, 0);
  return (
    <section className="grid w-full min-w-0 justify-items-center gap-2" aria-label={name}>
      <span className={cn("font-semibold tabular-nums", compact ? "text-3xl" : "text-5xl")}>{formatValue(sum)}</span>
      <span className="text-sm text-muted-foreground">
        {name} · sum of {values.length} {values.length === 1 ? "value" : "values"}
      </span>
      <ul className="flex max-w-full flex-wrap justify-center gap-x-4 gap-y-1 text-sm" aria-label={`${name} by breakdown value`}>
        {[...values]
          .sort((a, b) => b.total - a.total)
          .map((line) => {
            const previous = previousOf(line);
            const label = line.compare ? lineLabel(line, interval) : breakdownLabel(line.breakdownValue ?? "");
            return (
              <li key={line.id} className="flex min-w-0 items-center gap-1.5">
                <span className="size-2.5 shrink-0 rounded-full" style={{ background: lineColor(line) }} aria-hidden />
                <span className="max-w-48 truncate text-muted-foreground" title={label}>
                  {breakdownLabel(line.breakdownValue ?? "")}
                </span>
                <span className="font-medium tabular-nums">{formatValue(line.total)}</span>
                {previous ? <Change line={line} previous={previous} short /> : null}
              </li>
            );
          })}
      </ul>
    </section>
  );
}

/** The change from the compared period: "▲ 12.5% vs 80 before". */
function Change({ line, previous, short }: { line: TrendLine; previous: TrendLine; short?: boolean }) {
  const change = previous.total ? (line.total - previous.total) / previous.total : null;
  if (short && change === null) return null;
  return (
    <span
      className={cn(
        "text-sm",
        change === null
          ? "text-muted-foreground"
          : change >= 0
            ? "text-emerald-700 dark:text-emerald-400"
            : "text-rose-700 dark:text-rose-400",
      )}
    >
      {change === null ? "No previous value" : `${change >= 0 ? "▲" : "▼"} ${formatPercent(Math.abs(change))}`}
      {short ? null : ` vs ${formatValue(previous.total)} before`}
    </span>
  );
}
