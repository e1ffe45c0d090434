/**
 * The series colours of every insight chart, in series order (A, B, C… or breakdown values): mid-tone hues
 * chosen to stay apart from each other and to keep at least 3:1 contrast against both the light and the dark
 * card background, so a line or bar reads in either theme without a per-theme palette.
 */
export const SERIES_COLORS = [
  "#1d6fe0", // blue
  "#e0622b", // orange
  "#1f9d6b", // green
  "#c2388d", // magenta
  "#8a5cf0", // violet
  "#b58a00", // ochre
  "#0f9bb0", // teal
  "#d64550", // red
  "#6b7d1a", // olive
  "#8f6a4e", // brown
  "#5a6acf", // indigo
  "#c05fd6", // orchid
] as const;

/** The colour of the series at `index` (the palette repeats after its last colour). */
export const seriesColor = (index: number) => SERIES_COLORS[((index % SERIES_COLORS.length) + SERIES_COLORS.length) % SERIES_COLORS.length];
