import { errorResponse } from "@/lib/api/endpoint";
import { notFound } from "@/lib/api/errors";

// Any /api path no route claims: PostHog's JSON 404, never Next's HTML page.
const answer = async () => errorResponse(notFound());

export { answer as GET, answer as POST, answer as PUT, answer as PATCH, answer as DELETE };
