"use client";

import { useQuery } from "@tanstack/react-query";
import { PlayIcon, SquareIcon } from "lucide-react";
import { useCallback, useEffect, useMemo, useState } from "react";
import { PageHeader } from "@/components/page-header";
import { Button } from "@/components/ui/button";
import { eventDefinitionsQuery, propertyDefinitionsQuery } from "@/lib/ui/project/queries";
import { addToHistory, type HistoryEntry, readHistory } from "@/lib/ui/sql/history";
import { defaultChartSettings, type SqlVisualization } from "@/lib/ui/sql/visualization";
import { useMe } from "@/lib/ui/use-me";
import { HistoryList } from "./history-list";
import { HogQLEditor } from "./hogql-editor";
import { ResultPanel } from "./result-panel";
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
  const taxonomy = useTaxonomy(projectId);
  const { state, run, cancel } = useQueryRun(projectId);

  useEffect(() => setHistory(readHistory(me.id, projectId)), [me.id, projectId]);

  const runQuery = useCallback(() => {
    if (!query.trim()) return;
    setRanQuery(query);
    setHistory(addToHistory(me.id, projectId, query));
    void run(query);
  }, [query, run, me.id, projectId]);

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
          <div className="flex flex-wrap items-center gap-2">
            <Button onClick={runQuery} disabled={state.status === "running" || !query.trim()}>
              <PlayIcon /> Run
            </Button>
            {state.status === "running" && (
              <Button variant="outline" onClick={cancel}>
                <SquareIcon /> Cancel
              </Button>
            )}
            <p id="sql-editor-help" className="text-xs text-muted-foreground">
              Ctrl+Enter (⌘+Enter on a Mac) runs the query; Tab leaves the editor; Ctrl+Space completes names.
            </p>
          </div>
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
      <SaveInsightDialog projectId={projectId} query={ranQuery} visualization={visualization} open={saving} onOpenChange={setSaving} />
    </div>
  );
}
