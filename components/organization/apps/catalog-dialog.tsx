"use client";

import { useMutation, useQuery } from "@tanstack/react-query";
import { CheckIcon, DownloadIcon } from "lucide-react";
import { useState } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { FormAlert } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { errorMessage } from "@/lib/ui/api-client";
import { installPluginMutation } from "@/lib/ui/pipeline/mutations";
import { pluginRepositoryQuery } from "@/lib/ui/pipeline/queries";
import { toast } from "@/lib/ui/toast";
import type { TPlugin } from "@/lib/ui/types";
import { useMe } from "@/lib/ui/use-me";
import { runsInHedgerow } from "@/lib/plugins/runs";
import type { FamilyTab } from "./families";

/** The catalog's apps of one family, searchable; installing one opens its settings next. */
export function CatalogDialog({
  open,
  onOpenChange,
  tab,
  installed,
  onInstalled,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  tab: FamilyTab;
  installed: TPlugin[];
  onInstalled: (plugin: TPlugin) => void;
}) {
  const { organization } = useMe();
  const catalog = useQuery({ ...pluginRepositoryQuery(organization.id), enabled: open });
  const [search, setSearch] = useState("");
  const install = useMutation({
    ...installPluginMutation(organization.id),
    onSuccess: (plugin) => {
      toast.success(`${plugin.name} installed.`);
      onOpenChange(false);
      onInstalled(plugin);
    },
  });
  const installedUrls = new Set(installed.map((p) => p.url));
  const needle = search.trim().toLowerCase();
  const entries = (catalog.data ?? []).filter(
    (entry) => entry.type === tab.catalogType && (!needle || `${entry.name} ${entry.description}`.toLowerCase().includes(needle)),
  );
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>Install {tab.label.toLowerCase()}</DialogTitle>
          <DialogDescription>
            Apps from the catalog that ships with Hedgerow. Installing saves an app and its settings; those marked “Saved only” do nothing
            once switched on.
          </DialogDescription>
        </DialogHeader>
        <Input
          type="search"
          placeholder="Search apps"
          aria-label="Search apps"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          autoFocus
        />
        {install.error && <FormAlert>{errorMessage(install.error)}</FormAlert>}
        <div className="grid max-h-[60vh] gap-2 overflow-y-auto" aria-busy={catalog.isPending}>
          {catalog.isPending ? (
            <p role="status" className="py-6 text-center text-sm text-muted-foreground">
              Loading the catalog…
            </p>
          ) : catalog.error ? (
            <FormAlert>{errorMessage(catalog.error)}</FormAlert>
          ) : entries.length === 0 ? (
            <p className="py-6 text-center text-sm text-muted-foreground">No app matches “{search}”.</p>
          ) : (
            <ul className="grid gap-2">
              {entries.map((entry) => (
                <li key={entry.url} className="flex items-start justify-between gap-3 rounded-md border p-3">
                  <div className="min-w-0">
                    <p className="font-medium">
                      {entry.name} <span className="font-mono text-xs text-muted-foreground">{entry.tag}</span>
                    </p>
                    <p className="text-sm text-muted-foreground">{entry.description}</p>
                    <div className="mt-1 flex gap-1">
                      <Badge variant="outline">{entry.maintainer === "official" ? "Official" : "Community"}</Badge>
                      <Badge variant="outline">{runsInHedgerow(entry.url) ? "Runs in Hedgerow" : "Saved only"}</Badge>
                    </div>
                  </div>
                  {installedUrls.has(entry.url) ? (
                    <span className="flex shrink-0 items-center gap-1 text-sm text-muted-foreground">
                      <CheckIcon className="size-4" /> Installed
                    </span>
                  ) : (
                    <Button
                      size="sm"
                      className="shrink-0"
                      disabled={install.isPending}
                      onClick={() => install.mutate({ family: tab.family, url: entry.url })}
                      aria-label={`Install ${entry.name}`}
                    >
                      <DownloadIcon /> Install
                    </Button>
                  )}
                </li>
              ))}
            </ul>
          )}
        </div>
      </DialogContent>
    </Dialog>
  );
}
