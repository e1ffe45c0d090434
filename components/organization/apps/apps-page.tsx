"use client";

import { ACTIONS_COLUMN } from "@/components/data-table-columns";
import { useMutation, useQuery } from "@tanstack/react-query";
import { createColumnHelper, useTable } from "@tanstack/react-table";
import { ArrowUpCircleIcon, CodeIcon, PlusIcon, RefreshCwIcon, SettingsIcon, Trash2Icon } from "lucide-react";
import Link from "next/link";
import { usePathname, useSearchParams } from "next/navigation";
import { createContext, useContext, useMemo, useState } from "react";
import { clientTableFeatures, DataTable } from "@/components/data-table";
import { DisabledReason } from "@/components/disabled-reason";
import { PageHeader } from "@/components/page-header";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { errorMessage } from "@/lib/ui/api-client";
import { checkPluginUpdatesMutation, upgradePluginMutation } from "@/lib/ui/pipeline/mutations";
import { pluginConfigsQuery, pluginsQuery } from "@/lib/ui/pipeline/queries";
import { toast } from "@/lib/ui/toast";
import type { TPlugin, TPluginConfig } from "@/lib/ui/types";
import { useMe } from "@/lib/ui/use-me";
import { cn } from "@/lib/ui/utils";
import { ActivityList } from "./activity-list";
import { CatalogDialog } from "./catalog-dialog";
import { ConfigureDialog } from "./configure-dialog";
import { runsInHedgerow, whyNotRun } from "@/lib/plugins/runs";
import { FAMILY_TABS, stateLabel, TRANSFORMATIONS_READ_ONLY, type FamilyTab } from "./families";
import { SourceDialog } from "./source-dialog";
import { UninstallDialog } from "./uninstall-dialog";
import { WhichAppsRun } from "./which-apps-run";

const ACTIVITY_TAB = "activity";

interface AppsContext {
  tab: FamilyTab;
  configs: Map<number, TPluginConfig>;
  configure: (plugin: TPlugin) => void;
  editSource: (plugin: TPlugin) => void;
  uninstall: (plugin: TPlugin) => void;
}
const Context = createContext<AppsContext | null>(null);
const useAppsContext = () => useContext(Context)!;

const helper = createColumnHelper<typeof clientTableFeatures, TPlugin>();
const columns = helper.columns([
  helper.accessor("name", { header: "App", cell: ({ row }) => <AppCell plugin={row.original} /> }),
  helper.display({ id: "version", header: "Version", cell: ({ row }) => <VersionCell plugin={row.original} /> }),
  helper.display({ id: "status", header: "In this project", cell: ({ row }) => <StatusCell plugin={row.original} /> }),
  helper.display({ ...ACTIONS_COLUMN, cell: ({ row }) => <ActionsCell plugin={row.original} /> }),
]);
const noPlugins: TPlugin[] = [];

/** The organization's pipeline apps, a tab per family (in the URL), and what was done to them. */
export function AppsPage() {
  const params = useSearchParams();
  const pathname = usePathname();
  const current = params.get("tab") ?? FAMILY_TABS[0].tab;
  const tab = FAMILY_TABS.find((t) => t.tab === current);
  return (
    <>
      <PageHeader
        title="Pipeline apps"
        description="Apps that transform events, send them to other tools, add site features or import data."
      />
      <WhichAppsRun />
      <nav aria-label="App families" className="mb-4 flex flex-wrap gap-1 border-b">
        {[...FAMILY_TABS.map((t) => ({ tab: t.tab, label: t.label })), { tab: ACTIVITY_TAB, label: "Activity" }].map((t) => (
          <Link
            key={t.tab}
            href={`${pathname}?tab=${t.tab}`}
            aria-current={t.tab === current ? "page" : undefined}
            className={cn(
              "-mb-px border-b-2 px-3 py-2 text-sm font-medium outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50",
              t.tab === current ? "border-primary text-foreground" : "border-transparent text-muted-foreground hover:text-foreground",
            )}
          >
            {t.label}
          </Link>
        ))}
      </nav>
      {tab ? <FamilyPanel key={tab.tab} tab={tab} /> : <ActivityList />}
    </>
  );
}

function FamilyPanel({ tab }: { tab: FamilyTab }) {
  const { organization, team } = useMe();
  const apps = useQuery(pluginsQuery(organization.id, tab.family));
  const configsQuery = useQuery({ ...pluginConfigsQuery(organization.id, team?.id ?? 0), enabled: !!team });
  const [installing, setInstalling] = useState(false);
  const [configuring, setConfiguring] = useState<TPlugin | null>(null);
  const [editing, setEditing] = useState<TPlugin | null>(null);
  const [uninstalling, setUninstalling] = useState<TPlugin | null>(null);
  const configs = useMemo(() => new Map((configsQuery.data ?? []).map((config) => [config.plugin, config])), [configsQuery.data]);
  const context = useMemo<AppsContext>(
    () => ({ tab, configs, configure: setConfiguring, editSource: setEditing, uninstall: setUninstalling }),
    [tab, configs],
  );
  const table = useTable({ features: clientTableFeatures, columns, data: apps.data ?? noPlugins, getRowId: (plugin) => String(plugin.id) });

  return (
    <Context.Provider value={context}>
      <div className="mb-3 flex items-center justify-between gap-2">
        <p className="text-sm text-muted-foreground">
          {apps.data ? `${apps.data.length} ${apps.data.length === 1 ? "app" : "apps"}` : "\u00a0"}
        </p>
        <Button onClick={() => setInstalling(true)}>
          <PlusIcon /> Install app
        </Button>
      </div>
      <DataTable
        table={table}
        label={`${tab.label} of ${organization.name}`}
        isPending={apps.isPending}
        error={apps.error}
        empty={`No ${tab.label.toLowerCase()} yet. Install one from the catalog.`}
      />
      <CatalogDialog
        open={installing}
        onOpenChange={setInstalling}
        tab={tab}
        installed={apps.data ?? noPlugins}
        onInstalled={setConfiguring}
      />
      <ConfigureDialog
        key={configuring?.id}
        plugin={configuring}
        config={configuring ? configs.get(configuring.id) : undefined}
        onClose={() => setConfiguring(null)}
      />
      <SourceDialog key={editing?.id} family={tab.family} plugin={editing} onClose={() => setEditing(null)} />
      <UninstallDialog family={tab.family} plugin={uninstalling} onClose={() => setUninstalling(null)} />
    </Context.Provider>
  );
}

function AppCell({ plugin }: { plugin: TPlugin }) {
  return (
    <div className="flex min-w-0 items-start gap-3">
      {plugin.icon ? (
        // biome-ignore lint/performance/noImgElement: catalog icons live on GitHub; a failed one just leaves its box empty
        <img
          src={plugin.icon}
          alt=""
          className="mt-0.5 size-8 shrink-0 rounded bg-muted object-contain"
          loading="lazy"
          onError={(event) => (event.currentTarget.style.visibility = "hidden")}
        />
      ) : (
        <div className="mt-0.5 flex size-8 shrink-0 items-center justify-center rounded bg-muted" aria-hidden>
          <CodeIcon className="size-4 text-muted-foreground" />
        </div>
      )}
      <div className="min-w-0">
        <p className="font-medium">{plugin.name || "Untitled app"}</p>
        {plugin.description && <p className="line-clamp-2 max-w-md text-sm text-muted-foreground">{plugin.description}</p>}
        {plugin.is_global && <Badge variant="secondary">Global, from {plugin.organization_name}</Badge>}
      </div>
    </div>
  );
}

function VersionCell({ plugin }: { plugin: TPlugin }) {
  const { organization } = useMe();
  const { tab } = useAppsContext();
  const upgrade = useMutation({
    ...upgradePluginMutation(organization.id),
    onSuccess: (upgraded) => toast.success(`${upgraded.name} is now at ${upgraded.tag}.`),
    onError: (error) => toast.error(errorMessage(error)),
  });
  const outdated = plugin.latest_tag && plugin.latest_tag !== plugin.tag;
  return (
    <div className="grid justify-items-start gap-1 text-sm">
      <span className="font-mono">{plugin.tag ?? (plugin.plugin_type === "source" ? "written here" : "—")}</span>
      {outdated && tab.editable && (
        <Button size="sm" variant="outline" disabled={upgrade.isPending} onClick={() => upgrade.mutate({ family: tab.family, plugin })}>
          <ArrowUpCircleIcon /> {upgrade.isPending ? "Upgrading…" : `Upgrade to ${plugin.latest_tag}`}
        </Button>
      )}
    </div>
  );
}

function StatusCell({ plugin }: { plugin: TPlugin }) {
  const { configs } = useAppsContext();
  const config = configs.get(plugin.id);
  if (!config) return <span className="text-sm text-muted-foreground">Not set up</span>;
  // Switched off by Hedgerow (a destination that kept failing): the reason is PostHog's `error`.
  if (!config.enabled && config.error)
    return (
      <Badge variant="destructive" title={config.error.message}>
        Off, stopped after failures
      </Badge>
    );
  return (
    <Badge variant={config.enabled ? "outline" : "secondary"} title={whyNotRun(plugin.url) ?? undefined}>
      {stateLabel(config.enabled, runsInHedgerow(plugin.url))}
    </Badge>
  );
}

function ActionsCell({ plugin }: { plugin: TPlugin }) {
  const { organization, team } = useMe();
  const { tab, configure, editSource, uninstall } = useAppsContext();
  const check = useMutation({
    ...checkPluginUpdatesMutation(organization.id),
    onSuccess: ({ plugin: checked }) =>
      toast.success(
        checked.latest_tag && checked.latest_tag !== checked.tag
          ? `Version ${checked.latest_tag} is available.`
          : `${checked.name} is up to date.`,
      ),
    onError: (error) => toast.error(errorMessage(error)),
  });
  const ownReason = plugin.organization_id !== organization.id ? `Managed by ${plugin.organization_name}.` : null;
  const editReason = tab.editable ? ownReason : TRANSFORMATIONS_READ_ONLY;
  const name = plugin.name || "Untitled app";
  return (
    <div className="flex max-w-72 flex-wrap items-center justify-end gap-1">
      <DisabledReason reason={team ? null : "Create a project first: apps are set up per project."}>
        <Button size="sm" variant="outline" disabled={!team} onClick={() => configure(plugin)} aria-label={`Configure ${name}`}>
          <SettingsIcon /> Configure
        </Button>
      </DisabledReason>
      <DisabledReason reason={editReason}>
        <Button size="sm" variant="ghost" disabled={!!editReason} onClick={() => editSource(plugin)} aria-label={`Source of ${name}`}>
          <CodeIcon /> Source
        </Button>
      </DisabledReason>
      {plugin.plugin_type === "repository" && (
        <DisabledReason reason={editReason}>
          <Button
            size="sm"
            variant="ghost"
            disabled={!!editReason || check.isPending}
            onClick={() => check.mutate({ family: tab.family, plugin })}
            aria-label={`Check ${name} for updates`}
          >
            <RefreshCwIcon /> Check
          </Button>
        </DisabledReason>
      )}
      <DisabledReason reason={editReason}>
        <Button
          size="sm"
          variant="ghost"
          disabled={!!editReason}
          onClick={() => uninstall(plugin)}
          aria-label={`Uninstall ${name}`}
          className="text-muted-foreground hover:text-destructive"
        >
          <Trash2Icon /> Uninstall
        </Button>
      </DisabledReason>
    </div>
  );
}
