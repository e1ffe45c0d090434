// PostHog's `/_health` (the folder's `%5F` is Next's escape for a leading underscore): the server is up. No
// database is touched, so a supervisor or load balancer can call it as often as it likes.
export const dynamic = "force-dynamic";

export const GET = () => new Response("ok", { headers: { "content-type": "text/plain" } });
