import { randomUUID } from "node:crypto";
import { gzipSync } from "node:zlib";
import LZString from "lz-string";
import { beforeAll, describe, expect, inject, test } from "vitest";
import { signUp } from "../support/api";
import { gzipBomb, lz64Bomb } from "../support/bombs";
import { projectToken, sendRaw, type RawRequest } from "../support/events";

const baseUrl = inject("baseUrl");
const ORIGIN = "https://shop.example.com";
const EVENT_LIMIT = 2 * 1024 * 1024;
const BATCH_LIMIT = 20 * 1024 * 1024;
const tooLarge = { type: "client_error", code: "request_too_large", detail: "Request too large.", attr: null };

const send = (path: string, sent: RawRequest = {}) => sendRaw(baseUrl, path, { ...sent, headers: { origin: ORIGIN, ...sent.headers } });
const b64 = (text: string) => Buffer.from(text).toString("base64");
const form = (fields: Record<string, string>) => ({
  headers: { "content-type": "application/x-www-form-urlencoded" },
  body: new URLSearchParams(fields).toString(),
});

/** A capture body whose JSON is exactly `bytes` long. */
function eventOfSize(token: string, bytes: number): string {
  const event = (pad: string) =>
    JSON.stringify({ api_key: token, event: "sized", distinct_id: "sized", uuid: randomUUID(), properties: { pad } });
  return event("p".repeat(bytes - event("").length));
}

describe("capture: decompression bombs (no token needed to send one)", () => {
  let token: string;
  beforeAll(async () => {
    token = projectToken(await signUp(baseUrl));
  });

  test("an lz64 bomb is refused with 413 at the limit, however it is declared", async () => {
    const bomb = lz64Bomb(480_000_000);
    expect(bomb.length).toBeLessThan(80_000);
    const variants: [string, RawRequest][] = [
      ["/batch/?compression=lz64", { headers: { "content-type": "text/plain" }, body: bomb }],
      ["/e/?compression=lz64", { headers: { "content-type": "application/json" }, body: bomb }],
      ["/i/v0/e/", { headers: { "content-encoding": "lz64" }, body: bomb }],
      ["/batch/", form({ data: bomb, compression: "lz64" })],
      ["/track/?compression=lz64", form({ data: bomb })],
      ["/decide/?v=3&compression=lz64", { headers: { "content-type": "text/plain" }, body: bomb }],
      ["/flags/?v=2&compression=lz64", form({ data: bomb })],
      // A query string is bounded by Node's header limit (16 KB), which still holds a bomb of a few MB.
      [`/e/?compression=lz64&data=${encodeURIComponent(lz64Bomb(3 * EVENT_LIMIT))}`, { method: "GET" }],
    ];
    for (const [path, sent] of variants) {
      const label = path.slice(0, 40);
      const started = performance.now();
      const response = await send(path, sent);
      expect(response.status, `${label} ${response.text}`).toBe(413);
      expect(response.body).toEqual(tooLarge);
      expect(response.headers.get("access-control-allow-origin"), label).toBe(ORIGIN);
      expect(performance.now() - started, label).toBeLessThan(5_000);
    }
  });

  test("a GET's query-string lz64 that stays under the limit but is no JSON is a 400, not a 500", async () => {
    const response = await send(`/e/?compression=lz64&data=${encodeURIComponent(lz64Bomb(1_000_000))}`, { method: "GET" });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ type: "validation_error", code: "invalid_payload" });
  });

  test("base64 inside lz64 is bounded by the lz64 text it hides in", async () => {
    const inner = b64(eventOfSize(token, EVENT_LIMIT));
    const response = await send("/e/?compression=lz64", {
      headers: { "content-type": "text/plain" },
      body: LZString.compressToBase64(inner),
    });
    expect(response.status).toBe(413);
    expect(response.body).toEqual(tooLarge);
    const small = b64(eventOfSize(token, 1000));
    const accepted = await send("/e/?compression=lz64", {
      headers: { "content-type": "text/plain" },
      body: LZString.compressToBase64(small),
    });
    expect(accepted.status, accepted.text).toBe(200);
  });

  test("a body of exactly the limit is taken and one byte more refused: lz64, gzip-js, gzip, base64 form", async () => {
    const exact = eventOfSize(token, EVENT_LIMIT);
    const over = eventOfSize(token, EVENT_LIMIT + 1);
    const encodings: [string, (json: string) => [string, RawRequest]][] = [
      ["lz64", (json) => ["/e/?compression=lz64", { headers: { "content-type": "text/plain" }, body: LZString.compressToBase64(json) }]],
      ["gzip-js", (json) => ["/e/?compression=gzip-js", { headers: { "content-type": "text/plain" }, body: gzipSync(json) }]],
      ["gzip", (json) => ["/e/", { headers: { "content-type": "application/json", "content-encoding": "gzip" }, body: gzipSync(json) }]],
      ["lz64 form", (json) => ["/e/", form({ data: LZString.compressToBase64(json), compression: "lz64" })]],
    ];
    for (const [name, encode] of encodings) {
      const taken = await send(...encode(exact));
      expect(taken.status, `${name} ${taken.text}`).toBe(200);
      const refused = await send(...encode(over));
      expect(refused.status, name).toBe(413);
      expect(refused.body).toEqual(tooLarge);
    }
  });

  test("/batch/ takes 20 MB: an lz64 bomb is refused there too, a gzip-js bomb as well", async () => {
    const lz = await send("/batch/?compression=lz64", { headers: { "content-type": "text/plain" }, body: lz64Bomb(BATCH_LIMIT + 1) });
    expect(lz.status).toBe(413);
    const gz = await send("/batch/?compression=gzip-js", { headers: { "content-type": "text/plain" }, body: gzipBomb(BATCH_LIMIT + 1) });
    expect(gz.status).toBe(413);
  });

  test("/_health stays fast while three bombs (and a body of millions of NaN) are being refused", async () => {
    const bomb = lz64Bomb(480_000_000);
    const gzip = gzipBomb(200 * 1024 * 1024);
    const nonFinite = `[${"NaN,".repeat(4 * 1024 * 1024)}x`;
    // The bound allows for a machine busy with other work: 1 s beyond ten times the slowest idle answer. A bomb
    // inflated on the event loop blocks it for many seconds, far past that.
    const idleTimes: number[] = [];
    for (let i = 0; i < 10; i++) {
      const started = performance.now();
      await (await fetch(new URL("/_health", baseUrl))).text();
      idleTimes.push(performance.now() - started);
    }
    const bound = 1_000 + 10 * Math.max(...idleTimes);
    let inFlight = true;
    const bombs = Promise.all([
      send("/batch/?compression=lz64", { headers: { "content-type": "text/plain" }, body: bomb }),
      send("/batch/", form({ data: bomb, compression: "lz64" })),
      send("/batch/?compression=gzip-js", { headers: { "content-type": "text/plain" }, body: gzip }),
    ]).finally(() => {
      inFlight = false;
    });
    const healthTimes: number[] = [];
    do {
      const started = performance.now();
      const health = await fetch(new URL("/_health", baseUrl));
      expect(health.status).toBe(200);
      await health.text();
      healthTimes.push(performance.now() - started);
    } while (inFlight);
    for (const response of await bombs) expect(response.status).toBe(413);
    expect(Math.max(...healthTimes)).toBeLessThan(bound);

    let parsing = true;
    const invalid = send("/batch/", { headers: { "content-type": "application/json" }, body: nonFinite }).finally(() => {
      parsing = false;
    });
    const timesWhileParsing: number[] = [];
    do {
      const started = performance.now();
      await (await fetch(new URL("/_health", baseUrl))).text();
      timesWhileParsing.push(performance.now() - started);
    } while (parsing);
    expect((await invalid).status).toBe(400);
    expect(Math.max(...timesWhileParsing)).toBeLessThan(bound);
  });
});
