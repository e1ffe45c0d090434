import { dehydrate, HydrationBoundary, QueryClient } from "@tanstack/react-query";
import type { Metadata } from "next";
import { MembersPage } from "@/components/organization/members-page";
import { MAX_PAGE_SIZE } from "@/lib/api/pagination";
import { listMembers } from "@/lib/members/service";
import { membersQuery } from "@/lib/ui/organization/queries";
import { currentActor, currentUser } from "@/lib/ui/server";
import type { TMember } from "@/lib/ui/types";

export const metadata: Metadata = { title: "Members" };

/** The members arrive with the page (as `me` does), so the table is drawn at once rather than after hydration. */
export default async function OrganizationMembersPage() {
  const [actor, me] = await Promise.all([currentActor(), currentUser()]);
  const queryClient = new QueryClient();
  const organizationId = me?.organization?.id;
  if (actor && organizationId) {
    const members: TMember[] = [];
    for (let offset = 0; ; offset += MAX_PAGE_SIZE) {
      const page = await listMembers(actor, organizationId, {}, { limit: MAX_PAGE_SIZE, offset });
      members.push(...page.results);
      if (members.length >= page.count || page.results.length === 0) break;
    }
    queryClient.setQueryData(membersQuery(organizationId).queryKey, members);
  }
  return (
    <HydrationBoundary state={dehydrate(queryClient)}>
      <MembersPage />
    </HydrationBoundary>
  );
}
