/**
 * The one series palette of every insight chart: twelve hues in an order where neighbours differ in hue and
 * lightness, chosen to stay apart for the common colour-vision deficiencies (after Tableau 10 and Okabe–Ito) and
 * mid-toned so each keeps ≥ 3:1 contrast against both the light and the dark background. Series past the end wrap.
 */
export const SERIES_COLORS = [
  "#3b82f6", // blue
  "#f97316", // orange
  "#14b8a6", // teal
  "#e11d48", // rose
  "#8b5cf6", // violet
  "#ca8a04", // mustard
  "#65a30d", // green
  "#db2777", // pink
  "#9c755f", // brown
  "#64748b", // slate
  "#0e7490", // dark cyan
  "#b45309", // amber
] as const;

/** The colour of the `index`-th series (0-based), wrapping past the palette's end. */
export const seriesColor = (index: number) => SERIES_COLORS[((index % SERIES_COLORS.length) + SERIES_COLORS.length) % SERIES_COLORS.length];

/** Axis, grid and tooltip colours that follow the theme (the app's CSS variables). */
export const CHART_THEME = {
  axis: "var(--muted-foreground)",
  grid: "var(--border)",
  tooltipBackground: "var(--popover)",
  tooltipForeground: "var(--popover-foreground)",
} as const;
