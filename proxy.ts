import { NextResponse, type NextRequest } from "next/server";
import { pathRefusal } from "@/lib/api/url-path";

// A malformed path gets PostHog's JSON error on every route family (API, capture, pages) instead of the bare 500
// Next answers when it cannot decode a dynamic segment.
export function proxy(request: NextRequest) {
  const refusal = pathRefusal(request.nextUrl.pathname);
  return refusal ? NextResponse.json(refusal.body, { status: refusal.status }) : NextResponse.next();
}

export const config = {
  // Only the paths pathRefusal could refuse run the proxy: one with a `%` (the only way to spell an undecodable
  // segment or a NUL), a segment of more than MAX_SEGMENT_LENGTH characters, or more than MAX_PATH_LENGTH in all.
  // Next's proxy costs ~0.4 ms of CPU a request, a third of a no-op route's, so ordinary paths skip it.
  // Next reads this statically, so the bounds are literals; lib/api/url-path.test.ts checks them.
  matcher: ["/(.*%.*|.*[^/]{257}.*|.{2048,})"],
};
