"use client";

import { ACTIONS_COLUMN, DATE_COLUMN } from "@/components/data-table-columns";
import { useMutation, useQuery } from "@tanstack/react-query";
import { createColumnHelper, useTable } from "@tanstack/react-table";
import { PinIcon, PinOffIcon, PlusIcon, Trash2Icon } from "lucide-react";
import Link from "next/link";
import { createContext, useContext, useMemo, useState } from "react";
import { clientTableFeatures, DataTable, searchedInBrowser } from "@/components/data-table";
import { CreateDashboardDialog, DeleteDashboardDialog } from "@/components/lazy-dialogs";
import { PageHeader } from "@/components/page-header";
import { SearchInput } from "@/components/search-input";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { errorMessage } from "@/lib/ui/api-client";
import { fullName } from "@/lib/ui/format";
import { updateDashboardMutation } from "@/lib/ui/dashboards/mutations";
import { dashboardTitle } from "@/lib/ui/dashboards/labels";
import { dashboardsQuery } from "@/lib/ui/dashboards/queries";
import { toast } from "@/lib/ui/toast";
import type { TDashboardBasic } from "@/lib/ui/types";
import { useTableUrlState } from "@/lib/ui/use-table-url-state";

interface DashboardsContext {
  projectId: number;
  togglePin: (dashboard: TDashboardBasic) => void;
  remove: (dashboard: TDashboardBasic) => void;
}

const Context = createContext<DashboardsContext | null>(null);
const useDashboardsContext = () => useContext(Context)!;

const helper = createColumnHelper<typeof clientTableFeatures, TDashboardBasic>();
const columns = helper.columns([
  helper.accessor("pinned", {
    header: "Pinned",
    sortFn: "basic",
    sortDescFirst: true,
    cell: ({ row }) => <PinCell dashboard={row.original} />,
    meta: { className: "w-0" },
  }),
  helper.accessor((dashboard) => dashboardTitle(dashboard), {
    id: "name",
    header: "Name",
    sortFn: "alphanumeric",
    cell: ({ row }) => <NameCell dashboard={row.original} />,
  }),
  helper.accessor("description", {
    header: "Description",
    enableSorting: false,
    meta: { className: "max-w-80 truncate text-muted-foreground" },
  }),
  helper.accessor((dashboard) => (dashboard.created_by ? fullName(dashboard.created_by) : "—"), {
    id: "created_by",
    header: "Created by",
    sortFn: "alphanumeric",
    meta: { className: "text-muted-foreground" },
  }),
  helper.accessor("created_at", { ...DATE_COLUMN, header: "Created" }),
  helper.display({ ...ACTIONS_COLUMN, cell: ({ row }) => <DeleteCell dashboard={row.original} /> }),
]);

const SORTABLE = ["pinned", "name", "created_by", "created_at"] as const;
const SEARCHABLE = new Set(["name", "description"]);
const none: TDashboardBasic[] = [];

/**
 * The project's dashboards: pinned first, then by name (the API's order, which sorting by pin keeps within each
 * group), searchable, with create, pin and delete.
 */
export function DashboardsList({ projectId }: { projectId: number }) {
  const dashboards = useQuery(dashboardsQuery(projectId));
  const url = useTableUrlState({ sortable: SORTABLE, defaultSort: { id: "pinned", desc: true } });
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<TDashboardBasic | null>(null);
  const pin = useMutation({ ...updateDashboardMutation(projectId), onError: (error) => toast.error(errorMessage(error)) });
  const data = dashboards.data ?? none;

  const table = useTable({
    features: clientTableFeatures,
    columns,
    data,
    getRowId: (dashboard) => String(dashboard.id),
    ...searchedInBrowser(url, SEARCHABLE),
  });

  const { mutate: savePin } = pin;
  const context = useMemo<DashboardsContext>(
    () => ({ projectId, togglePin: (d) => savePin({ id: d.id, pinned: !d.pinned }), remove: setDeleting }),
    [projectId, savePin],
  );

  return (
    <Context.Provider value={context}>
      <PageHeader
        title="Dashboards"
        description="Saved insights side by side, over one date range."
        actions={
          <Button onClick={() => setCreating(true)}>
            <PlusIcon /> New dashboard
          </Button>
        }
      />
      <section className="grid gap-3" aria-label="Dashboards">
        <SearchInput value={url.search} onChange={url.setSearch} placeholder="Search dashboards" className="sm:w-72" />
        <DataTable
          table={table}
          label="Dashboards"
          isPending={dashboards.isPending}
          error={dashboards.error}
          empty={
            url.search ? (
              `No dashboard matches “${url.search}”.`
            ) : (
              <span>
                No dashboards yet.{" "}
                <button type="button" className="font-medium text-primary hover:underline" onClick={() => setCreating(true)}>
                  Create one
                </button>
              </span>
            )
          }
        />
      </section>
      <CreateDashboardDialog projectId={projectId} open={creating} onOpenChange={setCreating} />
      <DeleteDashboardDialog projectId={projectId} dashboard={deleting} onClose={() => setDeleting(null)} />
    </Context.Provider>
  );
}

function PinCell({ dashboard }: { dashboard: TDashboardBasic }) {
  const { togglePin } = useDashboardsContext();
  const label = `${dashboard.pinned ? "Unpin" : "Pin"} ${dashboardTitle(dashboard)}`;
  return (
    <Button variant="ghost" size="icon-sm" aria-label={label} aria-pressed={dashboard.pinned} onClick={() => togglePin(dashboard)}>
      {dashboard.pinned ? <PinIcon className="fill-current text-primary" /> : <PinOffIcon className="text-muted-foreground" />}
    </Button>
  );
}

function NameCell({ dashboard }: { dashboard: TDashboardBasic }) {
  const { projectId } = useDashboardsContext();
  return (
    <span className="flex items-center gap-2">
      <Link href={`/project/${projectId}/dashboard/${dashboard.id}`} className="font-medium hover:underline">
        {dashboardTitle(dashboard)}
      </Link>
      {dashboard.is_shared && <Badge variant="secondary">Shared</Badge>}
    </span>
  );
}

function DeleteCell({ dashboard }: { dashboard: TDashboardBasic }) {
  const { remove } = useDashboardsContext();
  if (dashboard.effective_privilege_level < 37) return null;
  return (
    <Button variant="ghost" size="icon-sm" aria-label={`Delete ${dashboardTitle(dashboard)}`} onClick={() => remove(dashboard)}>
      <Trash2Icon />
    </Button>
  );
}
