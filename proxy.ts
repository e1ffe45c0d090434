import { NextResponse, type NextRequest } from "next/server";
import { pathRefusal } from "@/lib/api/url-path";

// Every request passes here before routing, so a malformed path gets PostHog's JSON error on every route family
// (API, capture, pages) instead of the bare 500 Next answers when it cannot decode a dynamic segment.
export function proxy(request: NextRequest) {
  const refusal = pathRefusal(request.nextUrl.pathname);
  return refusal ? NextResponse.json(refusal.body, { status: refusal.status }) : NextResponse.next();
}
