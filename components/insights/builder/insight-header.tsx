"use client";

import { PencilIcon } from "lucide-react";
import Link from "next/link";
import { InsightActions } from "@/components/insights/builder/insight-actions";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { TagsInput } from "@/components/ui/tags-input";
import { insightPath } from "@/lib/ui/paths";
import type { TInsight } from "@/lib/ui/types";

export interface InsightDetails {
  name: string;
  description: string;
  tags: string[];
}

const QUIET_INPUT = "border-transparent px-1 shadow-none hover:border-input focus-visible:border-ring";

/** Name, description and tags: editable fields while editing, a title while viewing. */
function InsightTitle({
  editable,
  details,
  onChange,
  title,
  placeholder,
  insight,
}: {
  editable: boolean;
  details: InsightDetails;
  onChange: (details: InsightDetails) => void;
  title: string;
  placeholder: string;
  insight?: TInsight;
}) {
  if (editable)
    return (
      <>
        <Input
          aria-label="Insight name"
          placeholder={placeholder}
          value={details.name}
          maxLength={400}
          onChange={(event) => onChange({ ...details, name: event.target.value })}
          className={`h-10 text-xl font-semibold ${QUIET_INPUT}`}
        />
        <Input
          aria-label="Description"
          placeholder="Description (optional)"
          value={details.description}
          maxLength={400}
          onChange={(event) => onChange({ ...details, description: event.target.value })}
          className={`h-8 text-sm text-muted-foreground ${QUIET_INPUT}`}
        />
        <TagsInput value={details.tags} onChange={(tags) => onChange({ ...details, tags })} className="px-1" />
      </>
    );
  return (
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
  );
}

/** The builder's header: the insight's title or fields, and Edit (viewing) or Cancel and Save (editing). */
export function InsightHeader({
  projectId,
  insight,
  editable,
  details,
  onDetailsChange,
  title,
  placeholder,
  onSave,
  saving,
}: {
  projectId: number;
  insight?: TInsight;
  editable: boolean;
  details: InsightDetails;
  onDetailsChange: (details: InsightDetails) => void;
  title: string;
  placeholder: string;
  onSave: () => void;
  saving: boolean;
}) {
  return (
    <div className="flex flex-wrap items-start justify-between gap-3">
      <div className="grid min-w-0 flex-1 gap-1">
        <InsightTitle
          editable={editable}
          details={details}
          onChange={onDetailsChange}
          title={title}
          placeholder={placeholder}
          insight={insight}
        />
      </div>
      <div className="flex shrink-0 items-center gap-2">
        {!editable && insight ? (
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
            <Button onClick={onSave} disabled={saving} aria-keyshortcuts="Control+S Meta+S">
              {saving ? "Saving…" : "Save"}
            </Button>
          </>
        )}
      </div>
    </div>
  );
}
