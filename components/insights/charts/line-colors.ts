import { seriesColor } from "./palette";

/** What the colour rule reads of a line: which series (or formula) it is and its breakdown value. */
export interface ColoredLine {
  source: string;
  breakdownValue: string | null;
  colorIndex: number;
  /** 0 for the line's own colour; 1, 2… for its series' shade within a breakdown value's colour. */
  shade?: number;
}

/**
 * The colours of a trend's lines. Without a breakdown, each series (or formula) takes its own colour. With one,
 * each breakdown value takes one colour across every series, and the series are told apart by shade (the first
 * series the pure colour, the next ones mixed towards the text colour). A compared previous period keeps its
 * line's colour and shade (it is drawn dashed and lighter). Computed over every line, before the table hides or
 * sorts any, so a line keeps its colour.
 */
export function colorLines<T extends ColoredLine>(lines: T[]): (T & { shade: number })[] {
  const sources = firstSeen(lines.map((line) => line.source));
  if (!lines.some((line) => line.breakdownValue !== null))
    return lines.map((line) => ({ ...line, colorIndex: sources.get(line.source)!, shade: 0 }));
  const values = firstSeen(lines.map((line) => line.breakdownValue ?? ""));
  return lines.map((line) => ({ ...line, colorIndex: values.get(line.breakdownValue ?? "")!, shade: sources.get(line.source)! }));
}

/** Each distinct key's position, in the order the keys first appear. */
function firstSeen(keys: string[]): Map<string, number> {
  const positions = new Map<string, number>();
  for (const key of keys) if (!positions.has(key)) positions.set(key, positions.size);
  return positions;
}

/** How far each shade mixes the colour towards the text colour: darker on the light theme, paler on the dark one. */
const SHADE_MIX = [0, 30, 50, 65] as const;

/**
 * A line's CSS colour. Shades mix towards `--foreground`, so they keep (and raise) the palette's contrast against
 * the card in both themes.
 */
export function lineColor(line: Pick<ColoredLine, "colorIndex" | "shade">): string {
  const base = seriesColor(line.colorIndex);
  const mix = SHADE_MIX[(line.shade ?? 0) % SHADE_MIX.length];
  return mix ? `color-mix(in oklab, ${base} ${100 - mix}%, var(--foreground))` : base;
}
