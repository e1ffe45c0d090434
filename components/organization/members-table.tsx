"use client";

import { ACTIONS_COLUMN, DATE_COLUMN } from "@/components/data-table-columns";
import { useQuery } from "@tanstack/react-query";
import { createColumnHelper, useTable } from "@tanstack/react-table";
import { LogOutIcon, UserMinusIcon } from "lucide-react";
import { createContext, useContext, useMemo, useState } from "react";
import { ChoiceSelect } from "@/components/choice-select";
import { clientTableFeatures, DataTable, searchedInBrowser } from "@/components/data-table";
import { DisabledReason } from "@/components/disabled-reason";
import { MemberLevelDialog, RemoveMemberDialog } from "@/components/lazy-dialogs";
import { SearchInput } from "@/components/search-input";
import { InitialsAvatar } from "@/components/ui/avatar";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Tooltip } from "@/components/ui/tooltip";
import {
  assignableLevels,
  lastOwnerProhibition,
  Level,
  LEVEL_NAMES,
  LEVELS,
  memberChangeProhibition,
  type MembershipLevel,
} from "@/lib/organizations/levels";
import { fullName } from "@/lib/ui/format";
import { membersQuery } from "@/lib/ui/organization/queries";
import type { TMember } from "@/lib/ui/types";
import { useMe } from "@/lib/ui/use-me";
import { useTableUrlState } from "@/lib/ui/use-table-url-state";

interface Requester {
  userId: number;
  level: number;
}

/** What the cells need beyond their row: who is looking, how many owners there are, and the dialogs they can open. */
interface MembersTableContext {
  requester: Requester;
  ownerCount: number;
  changeLevel: (member: TMember, level: MembershipLevel) => void;
  remove: (member: TMember) => void;
}

const MembersContext = createContext<MembersTableContext | null>(null);
const useMembersContext = () => useContext(MembersContext)!;

const targetOf = (member: TMember) => ({ userId: member.user.id, level: member.level });

const helper = createColumnHelper<typeof clientTableFeatures, TMember>();
const columns = helper.columns([
  helper.accessor((member) => fullName(member.user), {
    id: "name",
    header: "Name",
    sortFn: "alphanumeric",
    cell: ({ row }) => <NameCell member={row.original} />,
  }),
  helper.accessor((member) => member.user.email, {
    id: "email",
    header: "Email",
    sortFn: "alphanumeric",
    meta: { className: "text-muted-foreground" },
  }),
  helper.accessor("level", {
    header: "Level",
    sortFn: "basic",
    sortDescFirst: true,
    cell: ({ row }) => <LevelCell member={row.original} />,
  }),
  helper.accessor("joined_at", { ...DATE_COLUMN, header: "Joined" }),
  helper.display({ ...ACTIONS_COLUMN, cell: ({ row }) => <RemoveCell member={row.original} /> }),
]);

const SORTABLE = ["name", "email", "level", "joined_at"] as const;
const SEARCHABLE = new Set(["name", "email"]);
const noMembers: TMember[] = [];

export function MembersTable() {
  const me = useMe();
  const organization = me.organization;
  const members = useQuery(membersQuery(organization.id));
  const url = useTableUrlState({ sortable: SORTABLE, defaultSort: { id: "level", desc: true } });
  const [levelChange, setLevelChange] = useState<{ member: TMember; level: MembershipLevel } | null>(null);
  const [removing, setRemoving] = useState<TMember | null>(null);

  const table = useTable({
    features: clientTableFeatures,
    columns,
    data: members.data ?? noMembers,
    getRowId: (member) => member.user.uuid,
    ...searchedInBrowser(url, SEARCHABLE),
  });

  const ownerCount = members.data?.filter((member) => member.level === Level.OWNER).length ?? 0;
  const context = useMemo<MembersTableContext>(
    () => ({
      requester: { userId: me.id, level: organization.membership_level ?? 0 },
      ownerCount,
      changeLevel: (member, level) => setLevelChange({ member, level }),
      remove: setRemoving,
    }),
    [me.id, organization.membership_level, ownerCount],
  );

  return (
    <MembersContext.Provider value={context}>
      <section className="grid gap-3" aria-labelledby="members-heading">
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          <h2 id="members-heading" className="text-lg font-semibold">
            {members.data ? `${members.data.length} ${members.data.length === 1 ? "member" : "members"}` : "Members"}
          </h2>
          <SearchInput value={url.search} onChange={url.setSearch} placeholder="Search by name or email" className="sm:w-72" />
        </div>
        <DataTable
          table={table}
          label={`Members of ${organization.name}`}
          isPending={members.isPending}
          error={members.error}
          empty={url.search ? `No member matches “${url.search}”.` : "No members yet."}
        />
      </section>
      <MemberLevelDialog change={levelChange} onClose={() => setLevelChange(null)} />
      <RemoveMemberDialog member={removing} onClose={() => setRemoving(null)} />
    </MembersContext.Provider>
  );
}

function NameCell({ member }: { member: TMember }) {
  const { requester } = useMembersContext();
  const name = fullName(member.user);
  return (
    <div className="flex items-center gap-3">
      <InitialsAvatar name={name} />
      <span className="font-medium">{name}</span>
      {member.user.id === requester.userId && <Badge variant="secondary">you</Badge>}
    </div>
  );
}

/** A picker of the levels the requester may give; otherwise the level, with why it can't change. */
function LevelCell({ member }: { member: TMember }) {
  const { requester, changeLevel } = useMembersContext();
  const target = targetOf(member);
  const options = assignableLevels(requester, target);
  const name = fullName(member.user);
  if (!options.some((level) => level !== member.level)) {
    const reason = LEVELS.map((level) => memberChangeProhibition(requester, target, level)).find(Boolean);
    return (
      <Tooltip content={reason}>
        <Badge
          variant={member.level > 1 ? "default" : "secondary"}
          tabIndex={reason ? 0 : undefined}
          className="capitalize"
          data-testid="member-level"
        >
          {LEVEL_NAMES[member.level]}
        </Badge>
      </Tooltip>
    );
  }
  const choices = [...new Set<MembershipLevel>([member.level, ...options])].sort((a, b) => b - a);
  return (
    <ChoiceSelect
      value={String(member.level)}
      choices={choices.map((level) => ({ value: String(level), label: LEVEL_NAMES[level] }))}
      onValueChange={(value) => changeLevel(member, Number(value) as MembershipLevel)}
      size="sm"
      aria-label={`Level of ${name}`}
      className="w-36 capitalize"
      itemClassName="capitalize"
    />
  );
}

function RemoveCell({ member }: { member: TMember }) {
  const { requester, ownerCount, remove } = useMembersContext();
  const isSelf = member.user.id === requester.userId;
  const reason = memberChangeProhibition(requester, targetOf(member)) ?? lastOwnerProhibition(member, ownerCount);
  const label = isSelf ? "Leave organization" : `Remove ${fullName(member.user)}`;
  const button = (
    <Button
      variant="ghost"
      size="sm"
      disabled={!!reason}
      onClick={() => remove(member)}
      aria-label={label}
      className="text-muted-foreground hover:text-destructive"
    >
      {isSelf ? <LogOutIcon /> : <UserMinusIcon />}
      {isSelf ? "Leave" : "Remove"}
    </Button>
  );
  return <DisabledReason reason={reason}>{button}</DisabledReason>;
}
