import { NextResponse, type NextRequest } from "next/server";
import { throttled } from "@/lib/api/errors";
import { clientAddress } from "@/lib/server/forwarded";
import { attemptCounters, throttledFor } from "./throttle";

/** The email a sign-in through next-auth's credentials callback names, read as next-auth reads its body. */
async function callbackEmail(req: NextRequest): Promise<string> {
  const contentType = req.headers.get("content-type") ?? "";
  const copy = req.clone();
  let body: Record<string, unknown> = {};
  try {
    if (contentType.includes("application/json")) body = await copy.json();
    else if (contentType.includes("application/x-www-form-urlencoded")) body = Object.fromEntries(new URLSearchParams(await copy.text()));
  } catch {
    // unreadable: next-auth refuses it itself
  }
  return typeof body.email === "string" ? body.email : "";
}

/**
 * next-auth's credentials callback answers a refused sign-in with its own redirect, never a 429: this answers the
 * 429 (PostHog's error body, `Retry-After`) before it when the account or the address has used up its failed
 * attempts. The attempt itself is counted in `authorize` (lib/auth/session.ts), with the API's sign-ins.
 */
export async function nextAuthThrottleRefusal(req: NextRequest, route: string[]): Promise<NextResponse | null> {
  if (req.method !== "POST" || route.join("/") !== "callback/credentials") return null;
  const wait = await throttledFor(attemptCounters("login", await callbackEmail(req), clientAddress(req.headers)));
  if (wait === null) return null;
  const error = throttled(wait);
  return NextResponse.json(error.body, { status: error.status, headers: error.headers });
}
