import { readdirSync, readFileSync } from "node:fs";
import { gunzipSync } from "node:zlib";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { PassThrough } from "node:stream";
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import type { RawCaptureRequest } from "@/lib/capture/decode";
import { type LeanRoutes, clientRouteTable, handOverLeanRoutes, leanRouteFor, readNodeBody } from "./lean-routes";

const captured: RawCaptureRequest[] = [];
// The capture itself is lib/capture's (tested there): here, what the Node request becomes and how it is answered.
vi.mock("@/lib/capture/capture", () => ({
  capture: async (raw: RawCaptureRequest) => {
    captured.push(raw);
    return { status: 1 };
  },
}));

// posthog-js's remote config is lib/flags's (tested there and by the API tests): here, that it is answered whole.
const remoteConfigs: [string, string][] = [];
vi.mock("@/lib/flags/remote-config", () => ({
  remoteConfigAnswer: async (format: string, token: string) => {
    remoteConfigs.push([format, token]);
    const script = `/* ${token} */ ${"window.x = 1;\n".repeat(format === "js" ? 500 : 1)}`;
    return new Response(script, { headers: { "Content-Type": "application/javascript; charset=utf-8", Vary: "Origin, Referer" } });
  },
}));

const table = clientRouteTable();

describe("leanRouteFor: which requests are answered before Next", () => {
  test("the client libraries' paths, with or without a trailing slash or a query, on GET, POST and OPTIONS", () => {
    for (const target of ["/e/", "/e", "/i/v0/e/?ip=1&_=1700000000", "/batch/", "/capture", "/track/?x=1", "/flags/?v=2", "/decide"])
      for (const method of ["GET", "POST", "OPTIONS"]) expect(leanRouteFor(table, method, target), `${method} ${target}`).not.toBeNull();
    expect(leanRouteFor(table, "POST", "/i/v0/e/?ip=1")).toMatchObject({ pathname: "/i/v0/e/", search: "ip=1" });
  });

  test("every other path or spelling, and every other method, is Next's", () => {
    for (const target of [
      "/",
      "/api/projects/",
      "/flags/definitions",
      "/E/",
      "/%65/",
      "//e/",
      "/e//",
      "/e/x",
      "/batchx",
      "/array/phc_x/config",
      "http://h/e/",
    ])
      expect(leanRouteFor(table, "POST", target), target).toBeNull();
    for (const method of ["HEAD", "PUT", "DELETE", "PATCH"]) expect(leanRouteFor(table, method, "/e/"), method).toBeNull();
  });

  test("posthog-js's remote config, GET only, its token as written", () => {
    for (const target of ["/array/phc_x/config", "/array/phc_x/config/", "/array/phc_x/config.js", "/array/phc_x/config.js?v=1"])
      expect(leanRouteFor(table, "GET", target), target).not.toBeNull();
    for (const method of ["POST", "OPTIONS", "HEAD"]) expect(leanRouteFor(table, method, "/array/phc_x/config"), method).toBeNull();
    for (const target of [
      "/array/ph%63_x/config",
      "/array//config",
      "/array/a/b/config",
      "/array/phc_x/config.json",
      "/array/phc_x",
      `/array/${"x".repeat(257)}/config`,
    ])
      expect(leanRouteFor(table, "GET", target), target).toBeNull();
  });

  test("its paths are app/'s client routes, and app/ has no other", () => {
    const root = path.resolve(import.meta.dirname, "../..");
    const clientRoutes = readdirSync(path.join(root, "app"), { recursive: true, encoding: "utf8" })
      .filter((file) => file.endsWith("route.ts"))
      .filter((file) => /\b(captureRoute|flagsRoute|clientRoute)\(/.test(readFileSync(path.join(root, "app", file), "utf8")))
      .map((file) => `/${path.dirname(file)}`);
    const lean = [...table.keys()].filter((key) => !key.endsWith("/"));
    expect(lean.sort()).toEqual(clientRoutes.sort());
    const remoteConfigRoutes = readdirSync(path.join(root, "app"), { recursive: true, encoding: "utf8" })
      .filter((file) => file.endsWith("route.ts") && /\bremoteConfigRoute\(/.test(readFileSync(path.join(root, "app", file), "utf8")))
      .map((file) => `/${path.dirname(file)}`);
    expect(remoteConfigRoutes.sort()).toEqual(["/array/[token]/config", "/array/[token]/config.js"]);
  });
});

/** A request stream with these headers, its body written in `chunks`. */
function request(headers: Record<string, string>, chunks: Buffer[]): IncomingMessage {
  const stream = new PassThrough();
  for (const chunk of chunks) stream.write(chunk);
  stream.end();
  return Object.assign(stream, { headers }) as unknown as IncomingMessage;
}

describe("readNodeBody: a body within its limit", () => {
  const tooLarge = () => new Error("too large");
  test("is read whole", async () => {
    const body = await readNodeBody(request({}, [Buffer.from("ab"), Buffer.from("cd")]), 4, tooLarge);
    expect(Buffer.from(body).toString()).toBe("abcd");
  });

  test("is refused when its Content-Length, or what it sends, passes the limit", async () => {
    await expect(readNodeBody(request({ "content-length": "5" }, []), 4, tooLarge)).rejects.toThrow("too large");
    await expect(readNodeBody(request({ "content-length": "2" }, [Buffer.from("abc"), Buffer.from("de")]), 4, tooLarge)).rejects.toThrow(
      "too large",
    );
  });
});

test("a server that could not start hands over its reason, not the routes", async () => {
  const handedOver = new Promise((ready, failed) => {
    (globalThis as unknown as { __hedgerowLeanRoutes: object }).__hedgerowLeanRoutes = { ready, failed };
  });
  const broken = new Error("no database");
  await expect(handOverLeanRoutes(Promise.reject(broken))).rejects.toBe(broken);
  await expect(handedOver).rejects.toBe(broken);
});

describe("the lean routes on a Node server", () => {
  let server: Server;
  let baseUrl: string;
  beforeAll(async () => {
    const handedOver = new Promise<LeanRoutes>((ready, failed) => {
      (globalThis as unknown as { __hedgerowLeanRoutes: object }).__hedgerowLeanRoutes = { ready, failed };
    });
    await handOverLeanRoutes(Promise.resolve());
    const lean = await handedOver;
    server = createServer((req, res) => {
      if (!lean.serve(req, res, { "X-Test": "lean" })) res.writeHead(404, { "X-Test": "next" }).end();
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  test("answer a capture with the route handlers' answer, CORS included, and hand other paths on", async () => {
    const body = JSON.stringify({ api_key: "phc_test", event: "signed up" });
    const headers = { origin: "https://site.example", "content-type": "text/plain", "content-encoding": " GZIP " };
    const response = await fetch(`${baseUrl}/e/?ip=1`, { method: "POST", headers, body });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 1 });
    expect(response.headers.get("x-test")).toBe("lean");
    expect(response.headers.get("access-control-allow-origin")).toBe("https://site.example");
    expect(response.headers.get("vary")).toBe("Origin, Accept-Encoding");
    const [raw] = captured;
    expect({ ...raw, body: Buffer.from(raw.body).toString(), query: raw.query.toString() }).toEqual({
      method: "POST",
      query: "ip=1",
      contentType: "text/plain",
      contentEncoding: "gzip",
      body,
      ip: null,
    });
    expect((await fetch(`${baseUrl}/api/e/`)).headers.get("x-test")).toBe("next");
  });

  test("refuse a body past the limit with PostHog's 413, and a preflight gets its CORS headers", async () => {
    const response = await fetch(`${baseUrl}/e/`, { method: "POST", body: "x".repeat(2 * 1024 * 1024 + 1) });
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({ code: "request_too_large" });
    const preflight = await fetch(`${baseUrl}/batch/`, { method: "OPTIONS", headers: { "access-control-request-headers": "x-a" } });
    expect(preflight.status).toBe(200);
    expect(preflight.headers.get("access-control-allow-headers")).toBe("x-a");
  });

  test("answer the remote config, gzipped from 1 KB for a client that accepts it, as Next compresses", async () => {
    const large = await fetch(`${baseUrl}/array/phc_lean/config.js`, { headers: { "accept-encoding": "gzip" } });
    expect(large.status).toBe(200);
    expect(large.headers.get("x-test")).toBe("lean");
    expect(large.headers.get("vary")).toBe("Origin, Referer, Accept-Encoding");
    // fetch decodes the body; the header says it came gzipped.
    expect(large.headers.get("content-encoding")).toBe("gzip");
    expect(await large.text()).toContain("/* phc_lean */ window.x = 1;");
    const plain = await new Promise<{ encoding?: string; body: string }>((resolve, reject) => {
      import("node:http").then(({ get }) =>
        get(`${baseUrl}/array/phc_lean/config.js`, { headers: { "accept-encoding": "gzip" } }, (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (chunk: Buffer) => chunks.push(chunk));
          res.on("end", () => resolve({ encoding: res.headers["content-encoding"], body: gunzipSync(Buffer.concat(chunks)).toString() }));
        }).on("error", reject),
      );
    });
    expect(plain).toMatchObject({ encoding: "gzip" });
    expect(plain.body.startsWith("/* phc_lean */")).toBe(true);
    const small = await fetch(`${baseUrl}/array/phc_small/config`, { headers: { "accept-encoding": "gzip" } });
    expect(small.headers.get("content-encoding")).toBeNull();
    const uncompressed = await fetch(`${baseUrl}/array/phc_lean/config.js`, { headers: { "accept-encoding": "identity" } });
    expect(uncompressed.headers.get("content-encoding")).toBeNull();
    expect(remoteConfigs).toEqual([
      ["js", "phc_lean"],
      ["js", "phc_lean"],
      ["json", "phc_small"],
      ["js", "phc_lean"],
    ]);
  });
});
