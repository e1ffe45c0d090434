"use client";

import { ChoiceSelect } from "@/components/choice-select";
import { SQL_DISPLAYS, type SqlDisplay, type SqlVisualization } from "@/lib/ui/sql/visualization";

/** How to draw the result: table, line, bar or number, and the chart's columns (x, and the y series). */
export function VisualizationControls({
  columns,
  value,
  onChange,
}: {
  columns: string[];
  value: SqlVisualization;
  onChange: (value: SqlVisualization) => void;
}) {
  const choices = columns.map((column) => ({ value: column, label: column }));
  const { display, chartSettings } = value;
  const y = chartSettings.yAxis?.[0]?.column ?? "";
  return (
    <div className="flex flex-wrap items-center gap-2">
      <fieldset className="inline-flex rounded-md border p-0.5">
        <legend className="sr-only">Visualization</legend>
        {(Object.keys(SQL_DISPLAYS) as SqlDisplay[]).map((option) => (
          <button
            key={option}
            type="button"
            aria-pressed={display === option}
            onClick={() => onChange({ ...value, display: option })}
            className="rounded-sm px-2.5 py-1 text-sm outline-none hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring aria-pressed:bg-primary aria-pressed:text-primary-foreground"
          >
            {SQL_DISPLAYS[option]}
          </button>
        ))}
      </fieldset>
      {display !== "ActionsTable" && display !== "BoldNumber" && (
        <ChoiceSelect
          aria-label="X axis"
          size="sm"
          value={chartSettings.xAxis?.column ?? ""}
          choices={choices}
          onValueChange={(column) => onChange({ ...value, chartSettings: { ...chartSettings, xAxis: { column } } })}
        />
      )}
      {display !== "ActionsTable" && (
        <ChoiceSelect
          aria-label={display === "BoldNumber" ? "Number column" : "Y axis"}
          size="sm"
          value={y}
          choices={choices}
          onValueChange={(column) => onChange({ ...value, chartSettings: { ...chartSettings, yAxis: [{ column }] } })}
        />
      )}
    </div>
  );
}
