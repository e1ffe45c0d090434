"use client";

import { useMutation, useQuery } from "@tanstack/react-query";
import { createColumnHelper, useTable } from "@tanstack/react-table";
import { MoreHorizontalIcon, PlusIcon, StarIcon } from "lucide-react";
import Link from "next/link";
import { createContext, useContext, useMemo, useState } from "react";
import { clientTableFeatures, DataTable } from "@/components/data-table";
import { FormDialog } from "@/components/form-dialog";
import { PageHeader } from "@/components/page-header";
import { RecentlyViewed } from "@/components/saved-insights/recently-viewed";
import { SearchInput } from "@/components/search-input";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from "@/components/ui/dropdown-menu";
import { Field, fieldMessageId } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { insightKind } from "@/lib/insights/query";
import { ZInsightWrite } from "@/lib/insights/schemas";
import { errorMessage } from "@/lib/ui/api-client";
import { formatRelative, fullName } from "@/lib/ui/format";
import { fieldErrorText } from "@/lib/ui/forms";
import { insightTitle, KIND_LABELS } from "@/lib/ui/insights";
import { createInsightMutation, updateInsightMutation } from "@/lib/ui/project-mutations";
import { membersQuery } from "@/lib/ui/queries";
import { insightsQuery } from "@/lib/ui/project-queries";
import { toast } from "@/lib/ui/toast";
import type { TInsightBasic } from "@/lib/ui/types";
import { useMe } from "@/lib/ui/use-me";
import { useTableUrlState } from "@/lib/ui/use-table-url-state";

const PAGE_SIZE = 30;
const TYPES = ["TRENDS", "FUNNELS", "RETENTION", "PATHS", "STICKINESS", "LIFECYCLE"] as const;
const ANY = "any";

interface InsightsContext {
  projectId: number;
  toggleFavorite: (insight: TInsightBasic) => void;
  duplicate: (insight: TInsightBasic) => void;
  rename: (insight: TInsightBasic) => void;
  remove: (insight: TInsightBasic) => void;
}

const Context = createContext<InsightsContext | null>(null);
const useInsightsContext = () => useContext(Context)!;
const insightPath = (projectId: number, insight: Pick<TInsightBasic, "short_id">) => `/project/${projectId}/insights/${insight.short_id}`;

const helper = createColumnHelper<typeof clientTableFeatures, TInsightBasic>();
const columns = helper.columns([
  helper.display({
    id: "favorited",
    header: () => <span className="sr-only">Favourite</span>,
    cell: ({ row }) => <FavoriteCell insight={row.original} />,
    meta: { className: "w-0" },
  }),
  helper.display({ id: "name", header: "Name", cell: ({ row }) => <NameCell insight={row.original} /> }),
  helper.display({
    id: "type",
    header: "Type",
    cell: ({ row }) => KIND_LABELS[insightKind(row.original) ?? ""] ?? "—",
    meta: { className: "text-muted-foreground" },
  }),
  helper.display({
    id: "tags",
    header: "Tags",
    cell: ({ row }) => (
      <span className="flex flex-wrap gap-1">
        {row.original.tags.map((tag) => (
          <Badge key={tag} variant="secondary">
            {tag}
          </Badge>
        ))}
      </span>
    ),
  }),
  helper.display({
    id: "created_by",
    header: "Created by",
    cell: ({ row }) => (row.original.created_by ? fullName(row.original.created_by) : "—"),
    meta: { className: "text-muted-foreground" },
  }),
  helper.display({
    id: "last_modified_at",
    header: "Last modified",
    cell: ({ row }) => <time dateTime={row.original.last_modified_at}>{formatRelative(row.original.last_modified_at)}</time>,
    meta: { className: "text-muted-foreground" },
  }),
  helper.display({
    id: "actions",
    header: () => <span className="sr-only">Actions</span>,
    cell: ({ row }) => <ActionsCell insight={row.original} />,
    meta: { className: "w-0 text-right" },
  }),
]);

const none: TInsightBasic[] = [];

/**
 * The project's saved insights, as PostHog's list: searched, filtered (type, favourites, creator, only mine) and
 * paged by the API, every choice in the URL; favourite, open, duplicate, rename and delete (with undo).
 */
export function SavedInsights({ projectId }: { projectId: number }) {
  const me = useMe();
  const url = useTableUrlState({
    sortable: [],
    defaultSort: { id: "last_modified_at", desc: true },
    pageSize: PAGE_SIZE,
    filters: ["type", "favorites", "mine", "created_by"],
  });
  const { type, favorites, mine, created_by: createdBy } = url.filters;
  const params = {
    search: url.search || undefined,
    insight: type ?? undefined,
    favorited: favorites === "1" || undefined,
    user: mine === "1" || undefined,
    created_by: createdBy && mine !== "1" ? Number(createdBy) : undefined,
    offset: url.pagination.pageIndex * PAGE_SIZE,
    limit: PAGE_SIZE,
  };
  const insights = useQuery(insightsQuery(projectId, params));
  const members = useQuery(membersQuery(me.organization.id));
  const [renaming, setRenaming] = useState<TInsightBasic | null>(null);

  const update = useMutation({ ...updateInsightMutation(projectId), onError: (error) => toast.error(errorMessage(error)) });
  const create = useMutation({ ...createInsightMutation(projectId), onError: (error) => toast.error(errorMessage(error)) });
  const { mutate: save } = update;
  const { mutate: add } = create;

  const context = useMemo<InsightsContext>(
    () => ({
      projectId,
      toggleFavorite: (insight) => save({ id: insight.id, favorited: !insight.favorited }),
      duplicate: (insight) =>
        add(
          {
            name: `${insightTitle(insight)} (copy)`,
            description: insight.description,
            filters: insight.filters,
            query: insight.query,
            tags: insight.tags,
            saved: true,
          },
          { onSuccess: (copy) => toast.success(`${insightTitle(copy)} was created.`) },
        ),
      rename: setRenaming,
      remove: (insight) =>
        save(
          { id: insight.id, deleted: true },
          {
            onSuccess: () =>
              toast.success(`${insightTitle(insight)} was deleted.`, {
                action: { label: "Undo", onClick: () => save({ id: insight.id, deleted: false }) },
              }),
          },
        ),
    }),
    [projectId, save, add],
  );

  const table = useTable({
    features: clientTableFeatures,
    columns,
    data: insights.data?.results ?? none,
    getRowId: (insight) => String(insight.id),
    state: { pagination: url.pagination },
    onPaginationChange: url.onPaginationChange,
    manualPagination: true,
    rowCount: insights.data?.count ?? 0,
    enableSorting: false,
    autoResetPageIndex: false,
  });

  const filtered = Boolean(url.search || type || favorites || mine || createdBy);
  return (
    <Context.Provider value={context}>
      <PageHeader
        title="Insights"
        description="The project's saved insights."
        actions={
          <Button asChild>
            <Link href={`/project/${projectId}/insights/new`}>
              <PlusIcon /> New insight
            </Link>
          </Button>
        }
      />
      <section className="grid gap-3" aria-label="Saved insights">
        <RecentlyViewed projectId={projectId} />
        <div className="flex flex-wrap items-end gap-3">
          <SearchInput value={url.search} onChange={url.setSearch} placeholder="Search insights" className="w-full sm:w-72" />
          <div className="grid gap-1.5">
            <Label htmlFor="insight-type">Type</Label>
            <Select value={type ?? ANY} onValueChange={(value) => url.setFilter("type", value === ANY ? null : value)}>
              <SelectTrigger id="insight-type" className="w-40">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                <SelectItem value={ANY}>All types</SelectItem>
                {TYPES.map((kind) => (
                  <SelectItem key={kind} value={kind}>
                    {KIND_LABELS[kind]}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor="insight-created-by">Created by</Label>
            <Select
              value={mine === "1" ? String(me.id) : (createdBy ?? ANY)}
              disabled={mine === "1"}
              onValueChange={(value) => url.setFilter("created_by", value === ANY ? null : value)}
            >
              <SelectTrigger id="insight-created-by" className="w-48">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                <SelectItem value={ANY}>Anyone</SelectItem>
                {(members.data ?? []).map((member) => (
                  <SelectItem key={member.user.id} value={String(member.user.id)}>
                    {fullName(member.user)}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>
          <div className="flex h-9 items-center gap-2">
            <Checkbox id="insight-favorites" checked={favorites === "1"} onCheckedChange={(checked) => url.setFilter("favorites", checked === true ? "1" : null)} />
            <Label htmlFor="insight-favorites">Favourites</Label>
          </div>
          <div className="flex h-9 items-center gap-2">
            <Checkbox id="insight-mine" checked={mine === "1"} onCheckedChange={(checked) => url.setFilter("mine", checked === true ? "1" : null)} />
            <Label htmlFor="insight-mine">Only mine</Label>
          </div>
        </div>
        <DataTable
          table={table}
          label="Saved insights"
          isPending={insights.isPending}
          error={insights.error}
          empty={
            filtered ? (
              "No saved insight matches these filters."
            ) : (
              <span>
                No saved insights yet.{" "}
                <Link href={`/project/${projectId}/insights/new`} className="font-medium text-primary hover:underline">
                  New insight
                </Link>
              </span>
            )
          }
        />
      </section>
      <RenameInsightDialog projectId={projectId} insight={renaming} onClose={() => setRenaming(null)} />
    </Context.Provider>
  );
}

function FavoriteCell({ insight }: { insight: TInsightBasic }) {
  const { toggleFavorite } = useInsightsContext();
  return (
    <Button variant="ghost" size="icon-sm" aria-label={`Favourite ${insightTitle(insight)}`} aria-pressed={insight.favorited} onClick={() => toggleFavorite(insight)}>
      <StarIcon className={insight.favorited ? "fill-amber-400 text-amber-500" : "text-muted-foreground"} />
    </Button>
  );
}

function NameCell({ insight }: { insight: TInsightBasic }) {
  const { projectId } = useInsightsContext();
  return (
    <div className="grid max-w-md">
      <Link href={insightPath(projectId, insight)} className="truncate font-medium hover:underline">
        {insightTitle(insight)}
      </Link>
      {insight.description && <span className="truncate text-xs text-muted-foreground">{insight.description}</span>}
    </div>
  );
}

function ActionsCell({ insight }: { insight: TInsightBasic }) {
  const { projectId, duplicate, rename, remove } = useInsightsContext();
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon-sm" aria-label={`Actions for ${insightTitle(insight)}`}>
          <MoreHorizontalIcon />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuItem asChild>
          <Link href={insightPath(projectId, insight)}>Open</Link>
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => duplicate(insight)}>Duplicate</DropdownMenuItem>
        <DropdownMenuItem onSelect={() => rename(insight)}>Rename</DropdownMenuItem>
        <DropdownMenuItem onSelect={() => remove(insight)} className="text-destructive focus:text-destructive">
          Delete
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

const ZRenameForm = ZInsightWrite.pick({ name: true }).required();

function RenameInsightDialog({ projectId, insight, onClose }: { projectId: number; insight: TInsightBasic | null; onClose: () => void }) {
  const update = useMutation(updateInsightMutation(projectId));
  return (
    <FormDialog
      open={!!insight}
      onOpenChange={(open) => !open && onClose()}
      title="Rename insight"
      schema={ZRenameForm}
      defaultValues={{ name: insight ? insightTitle(insight) : "" }}
      onSubmit={async (values) => {
        if (!insight) return;
        await update.mutateAsync({ id: insight.id, ...values });
        toast.success("Insight renamed.");
        onClose();
      }}
      submitLabel="Save"
      pendingLabel="Saving…"
    >
      {({ register, formState: { errors } }) => (
        <Field label="Name" htmlFor="insight-name" error={fieldErrorText(errors.name, "Use at most 400 characters.")}>
          <Input id="insight-name" aria-invalid={!!errors.name} aria-describedby={fieldMessageId("insight-name")} {...register("name")} />
        </Field>
      )}
    </FormDialog>
  );
}
