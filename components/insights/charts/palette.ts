/**
 * The one series palette of every insight chart: twelve hues told apart by hue and lightness, each with at least
 * 3:1 contrast (WCAG 1.4.11, graphical objects) against the light card and the dark card. Series i takes
 * colour i; past twelve they repeat.
 */
export const SERIES_COLORS = [
  "#2f6fdf", // blue
  "#e8590c", // orange
  "#2f9e44", // green
  "#d6336c", // raspberry
  "#845ef7", // violet
  "#1098ad", // teal
  "#b7791f", // ochre
  "#868e96", // grey
  "#ae3ec9", // purple
  "#a0785a", // brown
  "#5f8a00", // olive
  "#c92a2a", // red
] as const;

export const seriesColor = (index: number) => SERIES_COLORS[((index % SERIES_COLORS.length) + SERIES_COLORS.length) % SERIES_COLORS.length];

/** Chart chrome that follows the theme: axes, grid lines and tooltips read the app's CSS variables. */
export const CHART_THEME = {
  axis: "var(--muted-foreground)",
  grid: "var(--border)",
  tooltip: {
    contentStyle: { background: "var(--popover)", color: "var(--popover-foreground)", border: "1px solid var(--border)", borderRadius: 6, fontSize: 12 },
    labelStyle: { color: "var(--popover-foreground)", fontWeight: 600 },
    itemStyle: { color: "var(--popover-foreground)" },
  },
} as const;
