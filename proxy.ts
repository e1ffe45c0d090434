import { NextResponse, type NextRequest } from "next/server";
import { pathRefusal } from "@/lib/api/url-path";
import { config as settings } from "@/lib/config";
import { contentSecurityPolicy, newNonce, pageSecurityHeaders } from "@/lib/server/security-headers";

/**
 * A malformed path gets PostHog's JSON error on every route family (API, capture, pages) instead of the bare 500
 * Next answers when it cannot decode a dynamic segment. A page gets its CSP with a fresh nonce, which Next.js reads
 * from the request's own `Content-Security-Policy` header and puts on the scripts it renders.
 */
export function proxy(request: NextRequest) {
  const { pathname } = request.nextUrl;
  const refusal = pathRefusal(pathname);
  if (refusal) return NextResponse.json(refusal.body, { status: refusal.status });

  const nonce = newNonce();
  const policy = contentSecurityPolicy(pathname, nonce, settings.siteUrl);
  const requestHeaders = new Headers(request.headers);
  requestHeaders.set("x-nonce", nonce);
  requestHeaders.set("Content-Security-Policy", policy);
  const response = NextResponse.next({ request: { headers: requestHeaders } });
  response.headers.set("Content-Security-Policy", policy);
  for (const [name, value] of Object.entries(pageSecurityHeaders(pathname, settings.siteUrl))) response.headers.set(name, value);
  return response;
}

export const config = {
  matcher: [
    // The paths pathRefusal could refuse: one with a `%` (the only way to spell an undecodable segment or a NUL), a
    // segment of more than MAX_SEGMENT_LENGTH characters, or more than MAX_PATH_LENGTH in all. Next reads this
    // statically, so the bounds are literals; lib/api/url-path.test.ts checks them.
    "/(.*%.*|.*[^/]{257}.*|.{2048,})",
    // Pages, for their CSP: not the API, capture and flags (whose cost per request the proxy would add to), nor
    // Next's static files. (A path of theirs the rule above admits gets a CSP it has no use for.)
    "/((?!api/|api$|_next/|_health|_readyz|e/|e$|i/|batch|capture|track|decide|flags|array/|icon\\.svg).*)",
  ],
};
