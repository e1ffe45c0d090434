"use client";

import { ACTIONS_COLUMN, DATE_COLUMN } from "@/components/data-table-columns";
import { useQuery } from "@tanstack/react-query";
import { createColumnHelper, useTable } from "@tanstack/react-table";
import { PlusIcon, SettingsIcon } from "lucide-react";
import Link from "next/link";
import { useState } from "react";
import { clientTableFeatures, DataTable, searchedInBrowser } from "@/components/data-table";
import { DisabledReason } from "@/components/disabled-reason";
import { CreateProjectDialog } from "@/components/lazy-dialogs";
import { PageHeader } from "@/components/page-header";
import { projectManagementProhibition } from "@/components/project/project-permissions";
import { SearchInput } from "@/components/search-input";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { formatCount } from "@/lib/ui/format";
import { projectsQuery } from "@/lib/ui/organization/queries";
import type { TProject } from "@/lib/ui/types";
import { useMe } from "@/lib/ui/use-me";
import { useTableUrlState } from "@/lib/ui/use-table-url-state";

const helper = createColumnHelper<typeof clientTableFeatures, TProject>();
const columns = helper.columns([
  helper.accessor("name", {
    header: "Name",
    sortFn: "alphanumeric",
    cell: ({ row }) => <NameCell project={row.original} />,
  }),
  helper.accessor("timezone", {
    header: "Time zone",
    sortFn: "alphanumeric",
    meta: { className: "text-muted-foreground" },
  }),
  helper.accessor("created_at", { ...DATE_COLUMN, header: "Created" }),
  helper.display({
    ...ACTIONS_COLUMN,
    cell: ({ row }) => (
      <Button asChild variant="ghost" size="sm">
        <Link href={`/organization/projects/${row.original.id}`} aria-label={`Settings of ${row.original.name}`}>
          <SettingsIcon /> Settings
        </Link>
      </Button>
    ),
  }),
]);

const SORTABLE = ["name", "timezone", "created_at"] as const;
const SEARCHABLE = new Set(["name", "timezone"]);
const noProjects: TProject[] = [];

/** The organization's projects: each one's settings, token and snippets are a click away; admins create more. */
export function ProjectsPage() {
  const { organization } = useMe();
  const projects = useQuery(projectsQuery(organization.id));
  const url = useTableUrlState({ sortable: SORTABLE, defaultSort: { id: "name", desc: false } });
  const [creating, setCreating] = useState(false);
  const prohibition = projectManagementProhibition(organization.membership_level);

  const table = useTable({
    features: clientTableFeatures,
    columns,
    data: projects.data ?? noProjects,
    getRowId: (project) => String(project.id),
    ...searchedInBrowser(url, SEARCHABLE),
  });

  return (
    <>
      <PageHeader
        title="Projects"
        description={`The projects of ${organization.name}. Each has its own events, insights and API key.`}
        actions={
          <DisabledReason reason={prohibition}>
            <Button onClick={() => setCreating(true)} disabled={!!prohibition}>
              <PlusIcon /> New project
            </Button>
          </DisabledReason>
        }
      />
      <section className="grid gap-3" aria-labelledby="projects-heading">
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          <h2 id="projects-heading" className="text-lg font-semibold">
            {projects.data ? `${formatCount(projects.data.length)} ${projects.data.length === 1 ? "project" : "projects"}` : "Projects"}
          </h2>
          <SearchInput value={url.search} onChange={url.setSearch} placeholder="Search by name or time zone" className="sm:w-72" />
        </div>
        <DataTable
          table={table}
          label={`Projects of ${organization.name}`}
          isPending={projects.isPending}
          error={projects.error}
          empty={url.search ? `No project matches “${url.search}”.` : "This organization has no projects yet."}
        />
      </section>
      <CreateProjectDialog open={creating} onOpenChange={setCreating} />
    </>
  );
}

function NameCell({ project }: { project: TProject }) {
  const me = useMe();
  return (
    <div className="flex items-center gap-2">
      <Link href={`/organization/projects/${project.id}`} className="font-medium underline-offset-4 hover:underline">
        {project.name}
      </Link>
      {me.team?.id === project.id && <Badge variant="secondary">current</Badge>}
    </div>
  );
}
