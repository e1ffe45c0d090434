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

/** Axis, grid and tooltip colours that follow the theme (the app's CSS variables). */
export const CHART_THEME = {
  axis: "var(--muted-foreground)",
  grid: "var(--border)",
  tooltipBackground: "var(--popover)",
  tooltipForeground: "var(--popover-foreground)",
} as const;
