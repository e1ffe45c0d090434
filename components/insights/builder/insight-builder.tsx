"use client";

import { useMutation } from "@tanstack/react-query";
import { PencilIcon } from "lucide-react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useEffect, useState } from "react";
import { InsightActions } from "@/components/insights/builder/insight-actions";
import { INSIGHT_KINDS, firstSeriesOnly, kindOf } from "@/components/insights/builder/kinds";
import { ResultPanel } from "@/components/insights/builder/result-panel";
import { useInsightFilters } from "@/components/insights/builder/use-insight-filters";
import { DateRangePicker } from "@/components/insights/controls/date-range-picker";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { TagsInput } from "@/components/ui/tags-input";
import { insightFilters } from "@/lib/insights/query";
import { compactFilters, type LegacyFilters } from "@/lib/insights/builder/url-state";
import { errorMessage } from "@/lib/ui/api-client";
import { insightPath } from "@/lib/ui/paths";
import { createInsightMutation, insightViewedMutation, updateInsightMutation } from "@/lib/ui/project-mutations";
import { toast } from "@/lib/ui/toast";
import type { TInsight } from "@/lib/ui/types";
import { cn } from "@/lib/ui/utils";

export type BuilderMode = "new" | "edit" | "view";



/** What a kind switch keeps: the series or steps, the filters and the date range carry over where both kinds have them. */
const SHARED_KEYS = ["events", "actions", "properties", "filter_test_accounts", "date_from", "date_to"];
/** Kinds whose series carry over to each other (a lifecycle keeps the first one only: it has one). */
const SERIES_KINDS = ["TRENDS", "FUNNELS", "STICKINESS", "LIFECYCLE"];


/**
 * The insight builder: kind tabs, the kind's editor on the left, the date range and the kind's display settings
 * above the chart, and the chart. Everything it shows is the filter in the URL; saving writes that filter to the
 * insight. `view` shows a saved insight read-only.
 */
export function InsightBuilder({ projectId, mode, insight }: { projectId: number; mode: BuilderMode; insight?: TInsight }) {
  const router = useRouter();
  const saved = insight ? insightFilters(insight) : {};
  const initial = Object.keys(saved).length ? saved : INSIGHT_KINDS[0].defaultFilters();
  const { filters, setFilters, replaceFilters } = useInsightFilters(initial);
  const kind = kindOf(filters);
  const [name, setName] = useState(insight?.name ?? "");
  const [description, setDescription] = useState(insight?.description ?? "");
  const [tags, setTags] = useState<string[]>(insight?.tags ?? []);

  const create = useMutation({
    ...createInsightMutation(projectId),
    onSuccess: (saved) => {
      toast.success("Insight saved");
      router.push(insightPath(projectId, saved.short_id));
    },
    onError: (error) => toast.error(errorMessage(error)),
  });
  const update = useMutation({
    ...updateInsightMutation(projectId),
    onSuccess: (saved) => {
      toast.success("Insight saved");
      router.push(insightPath(projectId, saved.short_id));
    },
    onError: (error) => toast.error(errorMessage(error)),
  });
  const viewed = useMutation(insightViewedMutation(projectId));
  const insightId = insight?.id;
  const markViewed = viewed.mutate;
  useEffect(() => {
    if (mode === "view" && insightId !== undefined) markViewed(insightId);
  }, [mode, insightId, markViewed]);

  const saving = create.isPending || update.isPending;
  const save = () => {
    const body = { name: name.trim() || null, description: description.trim() || null, tags, filters: compactFilters(filters), saved: true };
    if (insight) update.mutate({ id: insight.id, ...body });
    else create.mutate(body);
  };

  // Ctrl/Cmd+S saves while editing, as in every editor.
  useEffect(() => {
    if (mode === "view") return;
    const onKey = (event: KeyboardEvent) => {
      if ((event.metaKey || event.ctrlKey) && event.key.toLowerCase() === "s") {
        event.preventDefault();
        if (!saving) save();
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  });

  const switchKind = (next: (typeof INSIGHT_KINDS)[number]) => {
    if (next === kind) return;
    const carried = Object.fromEntries(SHARED_KEYS.filter((key) => filters[key] !== undefined).map((key) => [key, filters[key]]));
    const keepsSeries = SERIES_KINDS.includes(next.kind) && SERIES_KINDS.includes(kind.kind);
    const defaults = next.defaultFilters();
    const kept = keepsSeries ? { ...carried, ...(next.kind === "LIFECYCLE" ? firstSeriesOnly(carried) : {}) } : { date_from: carried.date_from ?? defaults.date_from, properties: carried.properties };
    replaceFilters({ ...defaults, ...kept });
  };

  const editable = mode !== "view";
  const title = insight?.name || insight?.derived_name || `Untitled ${kind.label.toLowerCase()} insight`;
  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="grid min-w-0 flex-1 gap-1">
          {editable ? (
            <>
              <Input
                aria-label="Insight name"
                placeholder={`Untitled ${kind.label.toLowerCase()} insight`}
                value={name}
                maxLength={400}
                onChange={(event) => setName(event.target.value)}
                className="h-10 border-transparent px-1 text-xl font-semibold shadow-none hover:border-input focus-visible:border-ring"
              />
              <Input
                aria-label="Description"
                placeholder="Description (optional)"
                value={description}
                maxLength={400}
                onChange={(event) => setDescription(event.target.value)}
                className="h-8 border-transparent px-1 text-sm text-muted-foreground shadow-none hover:border-input focus-visible:border-ring"
              />
              <TagsInput value={tags} onChange={setTags} className="px-1" />
            </>
          ) : (
            <>
              <h1 className="truncate text-2xl font-semibold tracking-tight">{title}</h1>
              {insight?.description ? <p className="text-sm text-muted-foreground">{insight.description}</p> : null}
              {insight?.tags.length ? (
                <ul className="flex flex-wrap gap-1" aria-label="Tags">
                  {insight.tags.map((tag) => (
                    <li key={tag} className="rounded-full bg-secondary px-2 py-0.5 text-xs text-secondary-foreground">
                      {tag}
                    </li>
                  ))}
                </ul>
              ) : null}
            </>
          )}
        </div>
        <div className="flex shrink-0 items-center gap-2">
          {mode === "view" && insight ? (
            <>
              <InsightActions projectId={projectId} insight={insight} title={title} />
              <Button asChild>
                <Link href={insightPath(projectId, insight.short_id, true)}>
                  <PencilIcon /> Edit
                </Link>
              </Button>
            </>
          ) : (
            <>
              {insight ? (
                <Button variant="outline" asChild>
                  <Link href={insightPath(projectId, insight.short_id)}>Cancel</Link>
                </Button>
              ) : null}
              <Button onClick={save} disabled={saving} aria-keyshortcuts="Control+S Meta+S">
                {saving ? "Saving…" : "Save"}
              </Button>
            </>
          )}
        </div>
      </div>

      {editable ? (
        <div role="tablist" aria-label="Insight type" className="flex flex-wrap gap-1 border-b">
          {INSIGHT_KINDS.map((option) => (
            <button
              key={option.kind}
              role="tab"
              type="button"
              aria-selected={option === kind}
              title={option.description}
              onClick={() => switchKind(option)}
              className={cn(
                "-mb-px flex items-center gap-1.5 border-b-2 px-3 py-2 text-sm outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50",
                option === kind ? "border-primary font-medium text-foreground" : "border-transparent text-muted-foreground hover:text-foreground",
              )}
            >
              <option.icon className="size-4" /> {option.label}
            </button>
          ))}
        </div>
      ) : null}

      <div className={cn("grid gap-6", editable && "lg:grid-cols-[20rem_minmax(0,1fr)]")}>
        {editable ? (
          <div className="grid content-start gap-5">
            <kind.Editor projectId={projectId} filters={filters} setFilters={setFilters} />
          </div>
        ) : null}
        <div className="grid min-w-0 content-start gap-3">
          <div className="flex flex-wrap items-center gap-2">
            <DateRangePicker
              value={{ date_from: filters.date_from as string | undefined, date_to: filters.date_to as string | undefined }}
              onChange={(range) => setFilters(range as LegacyFilters)}
            />
            {kind.DisplayConfig ? <kind.DisplayConfig projectId={projectId} filters={filters} setFilters={setFilters} /> : null}
          </div>
          <ResultPanel projectId={projectId} kind={kind} filters={compactFilters(filters)} setFilters={setFilters} title={name.trim() || undefined} />
        </div>
      </div>
    </div>
  );
}
