import { isReady, readiness } from "@/lib/server/health";

// PostHog's `/_readyz`: 200 when the metadata database and the event store answer, 503 otherwise.
export const dynamic = "force-dynamic";

export async function GET() {
  const state = await readiness();
  return Response.json(state, { status: isReady(state) ? 200 : 503 });
}
