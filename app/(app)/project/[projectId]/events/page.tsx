import type { Metadata } from "next";
import { EventsExplorer } from "@/components/events/events-explorer";
import { projectIdOf } from "@/lib/ui/server";

export const metadata: Metadata = { title: "Events" };

export default async function EventsPage({ params }: { params: Promise<{ projectId: string }> }) {
  return <EventsExplorer projectId={await projectIdOf(params)} />;
}
