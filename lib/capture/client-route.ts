import { isIP } from "node:net";
import type { NextRequest } from "next/server";
import { ApiError } from "@/lib/api/errors";
import { readBodyWithin } from "@/lib/api/request-body";
import { ingest } from "@/lib/ingestion/pipeline";
import { clientAddress } from "@/lib/server/forwarded";
import { capture } from "./capture";
import type { RawCaptureRequest } from "./decode";
import { captureError } from "./errors";

/** Rust capture's body limits: a batch may be 20 MB, any other request 2 MB (decompressed, too). */
export const MAX_EVENT_BODY_BYTES = 2 * 1024 * 1024;
export const MAX_BATCH_BODY_BYTES = 20 * 1024 * 1024;

/**
 * What a client-library route reads of a request, whichever server hands it over: Next.js (the route handlers) or
 * Node's own (lib/server/lean-routes.ts, which answers these routes before Next's router).
 */
export interface ClientRequest {
  method: string;
  pathname: string;
  query: URLSearchParams;
  headers: Pick<Headers, "get">;
  /** The body, refused with `tooLarge()` as soon as it passes `maxBytes` (counted while read, never buffered whole). */
  readBody: (maxBytes: number, tooLarge: () => Error) => Promise<Uint8Array>;
}

/** A client-library route's answers: `handle` for GET and POST, `preflight` for the CORS preflight (OPTIONS). */
export interface ClientHandlers {
  handle: (req: ClientRequest) => Promise<Response>;
  preflight: (req: ClientRequest) => Response;
}

type Handler = (req: NextRequest) => Promise<Response>;

/**
 * A client-library route (capture, flags): GET and POST run `handle` on the request as read, OPTIONS answers the
 * CORS preflight; every answer carries CORS headers, errors are PostHog's JSON.
 */
export function clientHandlers(handle: (raw: RawCaptureRequest) => Promise<unknown>, options: { maxBytes: number }): ClientHandlers {
  return {
    handle: async (req) => {
      try {
        const raw: RawCaptureRequest = {
          method: req.method,
          query: req.query,
          contentType: req.headers.get("content-type") ?? "",
          contentEncoding: (req.headers.get("content-encoding") ?? "").trim().toLowerCase(),
          body: req.method === "POST" ? await req.readBody(options.maxBytes, captureError.tooLarge) : new Uint8Array(),
          ip: knownAddress(clientAddress(req.headers)),
        };
        return withCors(req, Response.json(await handle(raw)));
      } catch (error) {
        return withCors(req, errorAnswer(req, error));
      }
    },
    preflight: (req) => withCors(req, Response.json({ status: 1 })),
  };
}

/** A Next.js request as a client route reads it. */
const fromNext = (req: NextRequest): ClientRequest => ({
  method: req.method,
  pathname: req.nextUrl.pathname,
  query: req.nextUrl.searchParams,
  headers: req.headers,
  readBody: (maxBytes, tooLarge) => readBodyWithin(req, maxBytes, tooLarge),
});

/** The route-handler exports (GET, POST, OPTIONS) of a client-library route. */
export function nextRoute(handlers: ClientHandlers): { GET: Handler; POST: Handler; OPTIONS: Handler } {
  const run: Handler = (req) => handlers.handle(fromNext(req));
  // biome-ignore lint/correctness/noComponentHookFactories: OPTIONS is a Next.js route handler, not a React component
  return { GET: run, POST: run, OPTIONS: async (req) => handlers.preflight(fromNext(req)) };
}

/** The route-handler exports of a client-library route, `handle` given (see clientHandlers). */
export const clientRoute = (handle: (raw: RawCaptureRequest) => Promise<unknown>, options: { maxBytes: number }) =>
  nextRoute(clientHandlers(handle, options));

/**
 * An address to record, or null: `clientAddress` answers "unknown" when the connection's is not known, and behind
 * trusted proxies it answers what they wrote into X-Forwarded-For, which must still be an address.
 */
const knownAddress = (address: string) => (isIP(address) ? address : null);

/** A capture route's answers (`/e/`, `/batch/`, ...), its body limit given. */
export const captureHandlers = (maxBytes: number) => clientHandlers((raw) => capture(raw, maxBytes, ingest), { maxBytes });

/** The route-handler exports of a capture route. */
export const captureRoute = (maxBytes: number) => nextRoute(captureHandlers(maxBytes));

function errorAnswer(req: ClientRequest, error: unknown): Response {
  if (error instanceof ApiError) return Response.json(error.body, { status: error.status });
  console.error(`[capture] ${req.method} ${req.pathname} failed:`, error);
  // PostHog's answer when the events could not be stored: clients retry a 503.
  const unavailable = new ApiError(
    503,
    "server_error",
    "server_error",
    "Unable to store some events. Please try again. If you are the owner of this app you can check the logs for further details.",
  );
  return Response.json(unavailable.body, { status: 503 });
}

/**
 * PostHog's `cors_response`: any site may send events, so the Origin is echoed (with credentials, which
 * `*` would forbid); preflights get the methods and the headers the SDKs send.
 */
function withCors(req: ClientRequest, response: Response): Response {
  const origin = req.headers.get("origin");
  const headers = response.headers;
  headers.set("Access-Control-Allow-Origin", origin && origin !== "null" ? origin : "*");
  headers.set("Access-Control-Allow-Credentials", "true");
  headers.set("Access-Control-Allow-Methods", "GET, POST, OPTIONS");
  headers.set(
    "Access-Control-Allow-Headers",
    req.headers.get("access-control-request-headers") ||
      "X-Requested-With, Content-Type, Content-Encoding, Authorization, traceparent, request-id, request-context, tracestate",
  );
  headers.set("Access-Control-Max-Age", "86400");
  headers.append("Vary", "Origin");
  return response;
}
