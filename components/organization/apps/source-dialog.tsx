"use client";

import { useMutation, useQuery } from "@tanstack/react-query";
import { PlusIcon } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { FormAlert } from "@/components/ui/field";
import { Input, Textarea } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { errorMessage } from "@/lib/ui/api-client";
import { updatePluginSourceMutation } from "@/lib/ui/pipeline/mutations";
import { pluginSourceQuery } from "@/lib/ui/pipeline/queries";
import { toast } from "@/lib/ui/toast";
import type { TPlugin } from "@/lib/ui/types";
import { useMe } from "@/lib/ui/use-me";

/** The app's source files, one at a time in a monospace editor; saving sends the files changed (plugin.json is checked). */
export function SourceDialog({ family, plugin, onClose }: { family: string; plugin: TPlugin | null; onClose: () => void }) {
  const { organization } = useMe();
  const source = useQuery({ ...pluginSourceQuery(organization.id, family, plugin?.id ?? 0), enabled: !!plugin });
  const [edits, setEdits] = useState<Record<string, string>>({});
  const [selected, setSelected] = useState("plugin.json");
  const [newFile, setNewFile] = useState("");
  const save = useMutation({
    ...updatePluginSourceMutation(organization.id),
    onSuccess: () => {
      toast.success("Source saved.");
      onClose();
    },
  });
  if (!plugin) return null;
  const files = { ...source.data, ...edits };
  const names = Object.keys(files).sort();
  const current = names.includes(selected) ? selected : names[0];
  const addFile = () => {
    const name = newFile.trim();
    if (!name) return;
    setEdits((e) => ({ ...e, [name]: files[name] ?? "" }));
    setSelected(name);
    setNewFile("");
  };
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="sm:max-w-3xl">
        <DialogHeader>
          <DialogTitle>Source of {plugin.name || "app"}</DialogTitle>
          <DialogDescription>
            Stored with the app; Hedgerow never runs it. plugin.json sets the app&apos;s name and settings form.
          </DialogDescription>
        </DialogHeader>
        {source.isPending ? (
          <p role="status" className="py-6 text-center text-sm text-muted-foreground">
            Loading the source…
          </p>
        ) : source.error ? (
          <FormAlert>{errorMessage(source.error)}</FormAlert>
        ) : (
          <div className="grid gap-3">
            <div className="flex flex-wrap items-end gap-2">
              <div className="grid gap-1">
                <Label htmlFor="source-file">File</Label>
                <Select value={current} onValueChange={setSelected}>
                  <SelectTrigger id="source-file" className="w-56">
                    <SelectValue placeholder="No files" />
                  </SelectTrigger>
                  <SelectContent>
                    {names.map((name) => (
                      <SelectItem key={name} value={name}>
                        {name}
                        {edits[name] !== undefined && edits[name] !== source.data?.[name] ? " •" : ""}
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
              </div>
              <div className="grid gap-1">
                <Label htmlFor="new-file">New file</Label>
                <div className="flex gap-2">
                  <Input
                    id="new-file"
                    className="w-44"
                    placeholder="index.ts"
                    value={newFile}
                    onChange={(e) => setNewFile(e.target.value)}
                    onKeyDown={(e) => {
                      if (e.key !== "Enter") return;
                      e.preventDefault();
                      addFile();
                    }}
                  />
                  <Button type="button" variant="outline" onClick={addFile}>
                    <PlusIcon /> Add
                  </Button>
                </div>
              </div>
            </div>
            {current && (
              <Textarea
                aria-label={`Source of ${current}`}
                spellCheck={false}
                className="h-80 font-mono text-xs leading-relaxed"
                value={files[current]}
                onChange={(e) => setEdits((edited) => ({ ...edited, [current]: e.target.value }))}
              />
            )}
            {save.error && <FormAlert>{errorMessage(save.error)}</FormAlert>}
          </div>
        )}
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline">Cancel</Button>
          </DialogClose>
          <Button
            disabled={save.isPending || !source.data}
            onClick={() =>
              save.mutate({
                family,
                pluginId: plugin.id,
                files: Object.fromEntries(Object.entries(edits).filter(([name, text]) => source.data?.[name] !== text)),
              })
            }
          >
            {save.isPending ? "Saving…" : "Save source"}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
