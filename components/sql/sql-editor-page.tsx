"use client";

import { useQuery } from "@tanstack/react-query";
import { useCallback, useEffect, useMemo, useState } from "react";
import { PageHeader } from "@/components/page-header";
import { eventDefinitionsQuery, propertyDefinitionsQuery } from "@/lib/ui/project/queries";
import { addToHistory, type HistoryEntry, readHistory } from "@/lib/ui/sql/history";
import { type HogQLFilters, usesFiltersPlaceholder } from "@/lib/ui/sql/queries";
import { defaultChartSettings, type SqlVisualization } from "@/lib/ui/sql/visualization";
import { useMe } from "@/lib/ui/use-me";
import { HistoryList } from "./history-list";
import { HogQLEditor } from "./hogql-editor";
import { ResultPanel } from "./result-panel";
import { RunBar } from "./run-bar";
import { SaveInsightDialog } from "./save-insight-dialog";
import { useQueryRun } from "./use-query-run";

const STARTER = "SELECT event, count() AS total\nFROM events\nGROUP BY event\nORDER BY total DESC\nLIMIT 100";

/** The names completion offers: the project's events and its event and person properties. */
function useTaxonomy(projectId: number) {
  const events = useQuery(eventDefinitionsQuery(projectId, ""));
  const eventProperties = useQuery(propertyDefinitionsQuery(projectId, { type: "event" }));
  const personProperties = useQuery(propertyDefinitionsQuery(projectId, { type: "person" }));
  return useMemo(
    () => ({
      events: events.data?.results.map((d) => d.name) ?? [],
      eventProperties: eventProperties.data?.results.map((d) => d.name) ?? [],
      personProperties: personProperties.data?.results.map((d) => d.name) ?? [],
    }),
    [events.data, eventProperties.data, personProperties.data],
  );
}

/** The SQL editor: write HogQL, run it (Ctrl/Cmd+Enter), read, sort, chart and download its rows, save it as an insight. */
export function SqlEditorPage({ projectId }: { projectId: number }) {
  const me = useMe();
  const [query, setQuery] = useState(STARTER);
  const [ranQuery, setRanQuery] = useState(STARTER);
  const [history, setHistory] = useState<HistoryEntry[]>([]);
  const [chosen, setChosen] = useState<SqlVisualization>({ display: "ActionsTable", chartSettings: {} });
  const [saving, setSaving] = useState(false);
  const [filters, setFilters] = useState<HogQLFilters>({});
  const taxonomy = useTaxonomy(projectId);
  const { state, run, cancel } = useQueryRun(projectId);

  useEffect(() => setHistory(readHistory(me.id, projectId)), [me.id, projectId]);

  // What `{filters}` applied to the last run: saved with it.
  const [ranFilters, setRanFilters] = useState<HogQLFilters | undefined>();
  const runWith = useCallback(
    (withFilters: HogQLFilters) => {
      if (!query.trim()) return;
      const applied = usesFiltersPlaceholder(query) ? withFilters : undefined;
      setRanQuery(query);
      setRanFilters(applied);
      setHistory(addToHistory(me.id, projectId, query));
      void run(query, applied);
    },
    [query, run, me.id, projectId],
  );
  const runQuery = useCallback(() => runWith(filters), [runWith, filters]);
  // A new range runs the query again at once, as a dashboard's range redraws its tiles.
  const changeFilters = (next: HogQLFilters) => {
    setFilters(next);
    runWith(next);
  };

  // Chosen columns the new result lacks fall back to its first column and first number column.
  const answer = state.status === "done" ? state.answer : null;
  const { xAxis, yAxis } = chosen.chartSettings;
  const fits = answer && xAxis && yAxis?.length && [xAxis, ...yAxis].every((axis) => answer.columns.includes(axis.column));
  const visualization = answer && !fits ? { ...chosen, chartSettings: defaultChartSettings(answer.columns, answer.types) } : chosen;

  return (
    <div className="grid gap-6">
      <PageHeader title="SQL editor" description="Query the project's events and persons with HogQL." />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_16rem]">
        <div className="grid min-w-0 content-start gap-4">
          <HogQLEditor
            value={query}
            onChange={setQuery}
            onRun={runQuery}
            taxonomy={taxonomy}
            error={state.status === "failed" ? state.mark : null}
          />
          <RunBar
            running={state.status === "running"}
            canRun={!!query.trim()}
            onRun={runQuery}
            onCancel={cancel}
            filters={usesFiltersPlaceholder(query) ? filters : undefined}
            onFilters={changeFilters}
          />
          <ResultPanel
            state={state}
            query={ranQuery}
            visualization={visualization}
            onVisualization={setChosen}
            onSave={() => setSaving(true)}
          />
        </div>
        <HistoryList entries={history} onRestore={setQuery} />
      </div>
      <SaveInsightDialog
        projectId={projectId}
        query={ranQuery}
        visualization={visualization}
        filters={ranFilters}
        open={saving}
        onOpenChange={setSaving}
      />
    </div>
  );
}
