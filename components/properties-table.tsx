"use client";

import { useState } from "react";
import { CopyButton } from "@/components/copy-button";
import { SearchInput } from "@/components/search-input";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";

/** A property's value as text: strings as they are, anything else as JSON. */
export const propertyText = (value: unknown) => (typeof value === "string" ? value : (JSON.stringify(value, null, 2) ?? ""));

/** An event's or a person's properties by name, searched by name or value as you type, each value copyable. */
export function PropertiesTable({ properties, label }: { properties: Record<string, unknown>; label: string }) {
  const [search, setSearch] = useState("");
  const needle = search.trim().toLowerCase();
  const rows = Object.entries(properties)
    .map(([key, value]) => [key, propertyText(value)] as const)
    .filter(([key, text]) => !needle || key.toLowerCase().includes(needle) || text.toLowerCase().includes(needle))
    .sort(([a], [b]) => a.localeCompare(b));
  return (
    <div className="grid gap-2">
      <SearchInput value={search} onChange={setSearch} placeholder={`Search ${label.toLowerCase()}`} className="w-full sm:w-72" />
      <div className="overflow-hidden rounded-lg border bg-card">
        <Table aria-label={label} className="table-fixed">
          <TableHeader className="bg-muted/40">
            <TableRow className="hover:bg-transparent">
              <TableHead className="w-2/5">Property</TableHead>
              <TableHead>Value</TableHead>
              <TableHead className="w-12">
                <span className="sr-only">Copy</span>
              </TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {rows.length === 0 ? (
              <TableRow className="hover:bg-transparent">
                <TableCell colSpan={3} className="h-16 text-center whitespace-normal text-muted-foreground">
                  {needle ? `No property matches “${search.trim()}”.` : "No properties."}
                </TableCell>
              </TableRow>
            ) : (
              rows.map(([key, text]) => (
                <TableRow key={key}>
                  <TableCell className="align-top font-mono text-xs break-all whitespace-normal">{key}</TableCell>
                  <TableCell className="align-top font-mono text-xs break-all whitespace-pre-wrap">{text}</TableCell>
                  <TableCell className="py-1.5 align-top">
                    <CopyButton value={text} label={`Copy ${key}`} />
                  </TableCell>
                </TableRow>
              ))
            )}
          </TableBody>
        </Table>
      </div>
    </div>
  );
}
