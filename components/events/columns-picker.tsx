"use client";

import { Columns3Icon, XIcon } from "lucide-react";
import { PropertyPicker } from "@/components/insights/controls/property-picker";
import { Button } from "@/components/ui/button";
import { Popover, PopoverContent, PopoverTrigger } from "@/components/ui/popover";

/** Property columns a view may have: each is read from every loaded event. */
export const MAX_COLUMNS = 12;

/** The table's property columns: add one from the project's event properties, remove any. */
export function ColumnsPicker({
  projectId,
  columns,
  onChange,
}: {
  projectId: number;
  columns: string[];
  onChange: (columns: string[]) => void;
}) {
  return (
    <Popover>
      <PopoverTrigger asChild>
        <Button variant="outline" size="sm">
          <Columns3Icon /> Columns ({columns.length})
        </Button>
      </PopoverTrigger>
      <PopoverContent className="grid w-80 gap-3">
        <p className="text-sm font-medium">Property columns</p>
        {columns.length ? (
          <ul className="grid gap-1" aria-label="Property columns">
            {columns.map((key) => (
              <li key={key} className="flex items-center justify-between gap-2 rounded-md border px-2 py-1">
                <span className="truncate font-mono text-xs">{key}</span>
                <Button
                  variant="ghost"
                  size="icon-sm"
                  aria-label={`Remove column ${key}`}
                  onClick={() => onChange(columns.filter((c) => c !== key))}
                >
                  <XIcon />
                </Button>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-muted-foreground">No property columns.</p>
        )}
        {columns.length < MAX_COLUMNS ? (
          <PropertyPicker
            projectId={projectId}
            types={["event"]}
            value={null}
            label="Add a column"
            placeholder="Add a property column"
            size="sm"
            onChange={(property) => !columns.includes(property.key) && onChange([...columns, property.key])}
          />
        ) : (
          <p className="text-sm text-muted-foreground">At most {MAX_COLUMNS} columns.</p>
        )}
      </PopoverContent>
    </Popover>
  );
}
