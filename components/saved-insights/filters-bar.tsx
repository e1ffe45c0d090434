"use client";

import { useQuery } from "@tanstack/react-query";
import { SearchInput } from "@/components/search-input";
import { Checkbox } from "@/components/ui/checkbox";
import { Label } from "@/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { fullName } from "@/lib/ui/format";
import { KIND_LABELS } from "@/lib/ui/insights/labels";
import { membersQuery } from "@/lib/ui/organization/queries";
import { useMe } from "@/lib/ui/use-me";
import type { useTableUrlState } from "@/lib/ui/use-table-url-state";

const TYPES = ["TRENDS", "FUNNELS", "RETENTION", "PATHS", "STICKINESS", "LIFECYCLE"] as const;
const ANY = "any";

type SavedInsightsFilter = "type" | "favorites" | "mine" | "created_by";

/** The list's search and filters (type, creator, favourites, only mine), every choice kept in the URL. */
export function SavedInsightsFilters({ url }: { url: ReturnType<typeof useTableUrlState<SavedInsightsFilter>> }) {
  const me = useMe();
  const members = useQuery(membersQuery(me.organization.id));
  const { type, favorites, mine, created_by: createdBy } = url.filters;
  return (
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
        <Checkbox
          id="insight-favorites"
          checked={favorites === "1"}
          onCheckedChange={(checked) => url.setFilter("favorites", checked === true ? "1" : null)}
        />
        <Label htmlFor="insight-favorites">Favourites</Label>
      </div>
      <div className="flex h-9 items-center gap-2">
        <Checkbox
          id="insight-mine"
          checked={mine === "1"}
          onCheckedChange={(checked) => url.setFilter("mine", checked === true ? "1" : null)}
        />
        <Label htmlFor="insight-mine">Only mine</Label>
      </div>
    </div>
  );
}
