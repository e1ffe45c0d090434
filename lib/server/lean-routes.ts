import type { IncomingMessage, ServerResponse } from "node:http";
import { promisify } from "node:util";
import { gzip } from "node:zlib";
import {
  captureHandlers,
  type ClientHandlers,
  type ClientRequest,
  MAX_BATCH_BODY_BYTES,
  MAX_EVENT_BODY_BYTES,
} from "@/lib/capture/client-route";
import { pathRefusal } from "@/lib/api/url-path";
import { remoteConfigAnswer } from "@/lib/flags/remote-config";
import { flagsHandlers } from "@/lib/flags/route";

/**
 * The client libraries' paths, as app/ serves them (each app/<path>/route.ts exports the same handlers), answered by
 * scripts/serve.mjs before Next's router: they are most of a busy instance's requests, and Next's per-request work
 * (routing, its request and response objects) cost more than the handlers themselves.
 */
export function clientRouteTable(): Map<string, ClientHandlers> {
  const event = captureHandlers(MAX_EVENT_BODY_BYTES);
  const routes: [string, ClientHandlers][] = [
    ["/e", event],
    ["/i/v0/e", event],
    ["/capture", event],
    ["/track", event],
    ["/batch", captureHandlers(MAX_BATCH_BODY_BYTES)],
    ["/flags", flagsHandlers("flags")],
    ["/decide", flagsHandlers("decide")],
  ];
  // With and without the trailing slash, as Next matches them (next.config.mjs: skipTrailingSlashRedirect).
  return new Map(routes.flatMap(([path, handlers]) => [[path, handlers] as const, [`${path}/`, handlers] as const]));
}

// The methods the route handlers export; any other (HEAD included) stays Next's to answer.
const LEAN_METHODS = new Set(["GET", "POST", "OPTIONS"]);
/** posthog-js's remote config, `/array/<token>/config` and `config.js` (GET only): the token as written, no `%`. */
const REMOTE_CONFIG = /^\/array\/([^/%]+)\/config(\.js)?\/?$/;

/**
 * The route a request target (`/e/?ip=1`) takes before Next, or null when it is Next's: the path, the query and what
 * answers it. Paths match exactly as written: an encoded, doubled or differently cased spelling is Next's, which
 * answers it as today (proxy.ts refuses malformed ones).
 */
export function leanRouteFor(table: Map<string, ClientHandlers>, method: string, target: string) {
  if (!LEAN_METHODS.has(method)) return null;
  const queryAt = target.indexOf("?");
  const pathname = queryAt < 0 ? target : target.slice(0, queryAt);
  const search = queryAt < 0 ? "" : target.slice(queryAt + 1);
  const handlers = table.get(pathname);
  if (handlers) {
    const answer = method === "OPTIONS" ? handlers.preflight : handlers.handle;
    return { pathname, search, answer: (request: ClientRequest) => Promise.resolve(answer(request)) };
  }
  const remoteConfig = method === "GET" ? REMOTE_CONFIG.exec(pathname) : null;
  // A token past the path bounds is refused by proxy.ts, as on every route.
  if (!remoteConfig || pathRefusal(pathname)) return null;
  const [, token, script] = remoteConfig;
  return { pathname, search, answer: () => remoteConfigAnswer(script ? "js" : "json", token) };
}

/**
 * The body of a Node request, refused with `tooLarge()` as lib/api/request-body.ts refuses a web request's: a
 * declared Content-Length above `maxBytes` before reading, a longer body as soon as it passes it. The rest of a
 * refused body is read and dropped, so the answer reaches a client still sending.
 */
export function readNodeBody(req: IncomingMessage, maxBytes: number, tooLarge: () => Error): Promise<Uint8Array> {
  if (Number(req.headers["content-length"] ?? 0) > maxBytes) return Promise.reject(tooLarge());
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const finish = (settle: () => void) => {
      req.off("data", onData).off("end", onEnd).off("error", onError).off("close", onClose);
      settle();
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= maxBytes) return void chunks.push(chunk);
      finish(() => reject(tooLarge()));
      req.resume();
    };
    const onEnd = () => finish(() => resolve(Buffer.concat(chunks)));
    const onError = (error: Error) => finish(() => reject(error));
    const onClose = () => finish(() => reject(new Error("the client closed the connection before its body ended")));
    req.on("data", onData).on("end", onEnd).on("error", onError).on("close", onClose);
  });
}

/** A Node request's headers as web Headers' `get` reads them (repeated ones joined with ", "). */
const headersOf = (req: IncomingMessage): Pick<Headers, "get"> => ({
  get: (name) => {
    const value = req.headers[name.toLowerCase()];
    return value === undefined ? null : Array.isArray(value) ? value.join(", ") : value;
  },
});

type Route = NonNullable<ReturnType<typeof leanRouteFor>>;

const gzipAsync = promisify(gzip);
/** As Next's compression: text answers of 1 KB or more are gzipped for a client that accepts it. */
const COMPRESSED_FROM_BYTES = 1024;
const COMPRESSIBLE = /^(application\/(json|javascript)|text\/)/;

async function answer(route: Route, req: IncomingMessage, res: ServerResponse, headers: Record<string, string>) {
  const request: ClientRequest = {
    method: req.method ?? "GET",
    pathname: route.pathname,
    query: new URLSearchParams(route.search),
    headers: headersOf(req),
    readBody: (maxBytes, tooLarge) => readNodeBody(req, maxBytes, tooLarge),
  };
  const response = await route.answer(request);
  let body: Uint8Array = Buffer.from(await response.arrayBuffer());
  res.statusCode = response.status;
  for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
  for (const [name, value] of response.headers) res.setHeader(name, value);
  if (COMPRESSIBLE.test(response.headers.get("content-type") ?? "")) {
    res.setHeader("Vary", [response.headers.get("vary"), "Accept-Encoding"].filter(Boolean).join(", "));
    if (body.length >= COMPRESSED_FROM_BYTES && /\bgzip\b/i.test(headersOf(req).get("accept-encoding") ?? "")) {
      body = await gzipAsync(body);
      res.setHeader("Content-Encoding", "gzip");
    }
  }
  res.end(body);
}

/** What scripts/serve.mjs gets once the server has started. */
export interface LeanRoutes {
  /**
   * Answers the request, `headers` added, and says true when it is a client-library route's; false leaves it to
   * Next.
   */
  serve: (req: IncomingMessage, res: ServerResponse, headers: Record<string, string>) => boolean;
}

/** Where scripts/serve.mjs, which loads Next, waits for the lean routes (absent under `next dev`). */
interface HandOver {
  ready: (routes: LeanRoutes) => void;
  failed: (error: unknown) => void;
}

function leanRoutes(): LeanRoutes {
  const table = clientRouteTable();
  return {
    serve: (req, res, headers) => {
      const route = leanRouteFor(table, req.method ?? "", req.url ?? "");
      if (!route) return false;
      answer(route, req, res, headers).catch((error: unknown) => {
        // The handlers answer their own errors; this is a failure to write the answer.
        console.error(`[capture] ${req.method} ${route.pathname} could not be answered:`, error);
        if (res.headersSent) res.destroy();
        else res.writeHead(500).end();
      });
      return true;
    },
  };
}

/**
 * Hands scripts/serve.mjs this process's lean routes once the server has `started` (stores open and migrated), or
 * the reason it could not start. Next runs instrumentation.ts without awaiting it in production, so the server
 * process waits for this before it listens.
 */
export async function handOverLeanRoutes(started: Promise<void>) {
  const handOver = (globalThis as unknown as { __hedgerowLeanRoutes?: HandOver }).__hedgerowLeanRoutes;
  try {
    await started;
  } catch (error) {
    handOver?.failed(error);
    throw error;
  }
  handOver?.ready(leanRoutes());
}
