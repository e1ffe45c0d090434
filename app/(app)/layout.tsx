import { dehydrate, HydrationBoundary, QueryClient } from "@tanstack/react-query";
import { redirect } from "next/navigation";
import type { ReactNode } from "react";
import { AppShell } from "@/components/shell/app-shell";
import { currentUser } from "@/lib/ui/server";
import { meQuery } from "@/lib/ui/account/queries";

/** The frame of every signed-in page; the user is fetched here once and handed to the client cache. */
export default async function AppLayout({ children }: { children: ReactNode }) {
  const me = await currentUser();
  if (!me) redirect("/login");
  if (!me.organization) redirect("/onboarding");
  const queryClient = new QueryClient();
  queryClient.setQueryData(meQuery().queryKey, me);
  return (
    <HydrationBoundary state={dehydrate(queryClient)}>
      <AppShell>{children}</AppShell>
    </HydrationBoundary>
  );
}
