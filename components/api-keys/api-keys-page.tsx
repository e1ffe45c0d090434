"use client";

import { useMutation, useQuery } from "@tanstack/react-query";
import { KeyRoundIcon, PlusIcon, Trash2Icon } from "lucide-react";
import { useState } from "react";
import { CreateApiKeyDialog } from "@/components/lazy-dialogs";
import { PageHeader } from "@/components/page-header";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { FormAlert } from "@/components/ui/field";
import { Skeleton } from "@/components/ui/skeleton";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { MAX_KEYS_PER_USER } from "@/lib/api-keys/limits";
import { errorMessage } from "@/lib/ui/api-client";
import { formatDate, formatRelative } from "@/lib/ui/format";
import { deleteApiKeyMutation } from "@/lib/ui/account/mutations";
import { apiKeysQuery } from "@/lib/ui/account/queries";
import { toast } from "@/lib/ui/toast";
import type { TApiKey } from "@/lib/ui/types";

const SHOWN_SCOPES = 3;

export function ApiKeysPage() {
  const keys = useQuery(apiKeysQuery());
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<TApiKey | null>(null);
  const atLimit = (keys.data?.length ?? 0) >= MAX_KEYS_PER_USER;

  return (
    <>
      <PageHeader
        title="Personal API keys"
        description="Keys let scripts and tools call the Hedgerow API as you, limited to the scopes you give them."
        actions={
          <Button
            onClick={() => setCreating(true)}
            disabled={atLimit}
            title={atLimit ? `You can have at most ${MAX_KEYS_PER_USER} keys. Delete one first.` : undefined}
          >
            <PlusIcon /> Create key
          </Button>
        }
      />
      {keys.isError ? (
        <FormAlert>{errorMessage(keys.error)}</FormAlert>
      ) : keys.isPending ? (
        <Skeleton className="h-32 w-full" />
      ) : keys.data.length === 0 ? (
        <div className="flex flex-col items-center gap-3 rounded-lg border border-dashed px-6 py-12 text-center">
          <KeyRoundIcon className="size-8 text-muted-foreground" />
          <div className="grid gap-1">
            <p className="font-medium">No personal API keys yet</p>
            <p className="text-sm text-muted-foreground">Create one to use the API from scripts, CI or the PostHog CLI.</p>
          </div>
          <Button variant="outline" onClick={() => setCreating(true)}>
            <PlusIcon /> Create key
          </Button>
        </div>
      ) : (
        <div className="overflow-hidden rounded-lg border bg-card">
          <Table aria-label="Personal API keys">
            <TableHeader className="bg-muted/40">
              <TableRow className="hover:bg-transparent">
                <TableHead>Label</TableHead>
                <TableHead>Key</TableHead>
                <TableHead>Scopes</TableHead>
                <TableHead>Created</TableHead>
                <TableHead>Last used</TableHead>
                <TableHead className="w-0">
                  <span className="sr-only">Actions</span>
                </TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {keys.data.map((key) => (
                <TableRow key={key.id}>
                  <TableCell className="font-medium">{key.label}</TableCell>
                  <TableCell>
                    <code className="font-mono text-xs text-muted-foreground">{key.mask_value}</code>
                  </TableCell>
                  <TableCell>
                    <ScopeBadges scopes={key.scopes} />
                  </TableCell>
                  <TableCell className="text-muted-foreground">{formatDate(key.created_at)}</TableCell>
                  <TableCell className="text-muted-foreground">{formatRelative(key.last_used_at)}</TableCell>
                  <TableCell>
                    <Button
                      variant="ghost"
                      size="icon-sm"
                      aria-label={`Delete key ${key.label}`}
                      onClick={() => setDeleting(key)}
                      className="text-muted-foreground hover:text-destructive"
                    >
                      <Trash2Icon />
                    </Button>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </div>
      )}
      <CreateApiKeyDialog open={creating} onOpenChange={setCreating} />
      <DeleteApiKeyDialog apiKey={deleting} onClose={() => setDeleting(null)} />
    </>
  );
}

function ScopeBadges({ scopes }: { scopes: string[] }) {
  if (scopes.includes("*")) return <Badge>All access</Badge>;
  const hidden = scopes.length - SHOWN_SCOPES;
  return (
    <div className="flex flex-wrap gap-1">
      {scopes.slice(0, SHOWN_SCOPES).map((scope) => (
        <Badge key={scope} variant="secondary" className="font-mono">
          {scope}
        </Badge>
      ))}
      {hidden > 0 && (
        <Badge variant="outline" title={scopes.slice(SHOWN_SCOPES).join(", ")}>
          +{hidden} more
        </Badge>
      )}
    </div>
  );
}

function DeleteApiKeyDialog({ apiKey, onClose }: { apiKey: TApiKey | null; onClose: () => void }) {
  const remove = useMutation({
    ...deleteApiKeyMutation(),
    onSuccess: (_, key) => {
      toast.success(`The key “${key.label}” was deleted.`);
      onClose();
    },
  });
  return (
    <ConfirmDialog
      open={!!apiKey}
      onClose={onClose}
      title={`Delete the key “${apiKey?.label}”?`}
      description={`Anything using ${apiKey?.mask_value} stops working at once. This cannot be undone.`}
      action={remove}
      onConfirm={() => apiKey && remove.mutate(apiKey)}
      confirmLabel="Delete key"
      pendingLabel="Deleting…"
    />
  );
}
