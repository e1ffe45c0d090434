import type { Metadata } from "next";
import { SharedView } from "@/components/sharing/shared-views";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Embedded", robots: { index: false } };

/**
 * What `/shared/<token>` shows, without its title and notes, for another site's iframe (PostHog's `/embedded/`):
 * the same tokens, so a reset or disabled link stops the embed too. Framing is allowed here (lib/server/security-headers).
 */
export default async function EmbeddedPage({ params }: { params: Promise<{ accessToken: string }> }) {
  const { accessToken } = await params;
  return <SharedView accessToken={accessToken} embedded />;
}
