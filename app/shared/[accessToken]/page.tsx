import type { Metadata } from "next";
import { SharedView } from "@/components/sharing/shared-views";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Shared", robots: { index: false } };

/** The public, read-only view of an insight, a dashboard or a web analytics page whose sharing is enabled: no sign-in. */
export default async function SharedPage({ params }: { params: Promise<{ accessToken: string }> }) {
  const { accessToken } = await params;
  return <SharedView accessToken={accessToken} embedded={false} />;
}
