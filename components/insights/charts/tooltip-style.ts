import { CHART_THEME } from "./palette";

/** recharts `<Tooltip>` styles that follow the theme: spread onto a Tooltip, or `contentStyle` for a custom content. */
export const TOOLTIP_STYLE = {
  contentStyle: {
    background: CHART_THEME.tooltipBackground,
    color: CHART_THEME.tooltipForeground,
    border: `1px solid ${CHART_THEME.grid}`,
    borderRadius: 6,
    fontSize: 12,
  },
  labelStyle: { color: CHART_THEME.tooltipForeground, fontWeight: 600 },
  itemStyle: { color: CHART_THEME.tooltipForeground },
} as const;
