import { gzipSync } from "node:zlib";
import LZString from "lz-string";
import { describe, expect, it } from "vitest";
import { ApiError } from "@/lib/api/errors";
import { base64Text, decodeCaptureBody, MalformedBody, nonFiniteToNull, parseCaptureText, type RawCaptureRequest } from "./decode";
import { gzipBomb, lz64Bomb } from "../../tests/support/bombs";
import { recordedBody, recordedRequests } from "./fixtures/sdk-requests";

const LIMIT = 2 * 1024 * 1024;
const event = { event: "e", distinct_id: "d", properties: { a: 1, s: "ünïcode ✓ +/=" } };

function request(init: Partial<Omit<RawCaptureRequest, "body">> & { body?: Uint8Array | string; url?: string }): RawCaptureRequest {
  const url = new URL(init.url ?? "/e/", "http://h");
  return {
    method: init.method ?? "POST",
    query: url.searchParams,
    contentType: init.contentType ?? "",
    contentEncoding: init.contentEncoding ?? "",
    body: typeof init.body === "string" ? Buffer.from(init.body) : (init.body ?? new Uint8Array()),
    ip: null,
  };
}

const decode = (init: Parameters<typeof request>[0], limit = LIMIT) => decodeCaptureBody(request(init), limit);
const b64 = (text: string) => Buffer.from(text).toString("base64");

describe("decodeCaptureBody: the SDKs' recorded requests", () => {
  for (const recorded of recordedRequests().filter((r) => r.method === "POST")) {
    it(`${recorded.name} (${recorded.decoded_with}, ${recorded.headers["content-type"]})`, async () => {
      const body = recordedBody(recorded);
      expect(Buffer.from(body.subarray(0, 8)).toString("hex")).toBe(recorded.raw_first_bytes_hex);
      const decoded = await decode({
        url: recorded.url,
        body,
        contentType: recorded.headers["content-type"] ?? "",
        contentEncoding: recorded.headers["content-encoding"] ?? "",
      });
      expect(decoded.payload).toEqual(recorded.body_json);
    });
  }
});

describe("decodeCaptureBody: encodings", () => {
  const json = JSON.stringify(event);

  it("reads plain JSON, typed or not", async () => {
    for (const contentType of ["application/json", "application/json; charset=utf-8", "text/plain", ""])
      expect((await decode({ body: json, contentType })).payload).toEqual(event);
  });

  it("gunzips gzip and gzip-js declared by the query, the header, or not at all", async () => {
    const body = gzipSync(json);
    expect((await decode({ body, url: "/e/?compression=gzip-js", contentType: "text/plain" })).payload).toEqual(event);
    expect((await decode({ body, url: "/e/?compression=gzip" })).payload).toEqual(event);
    expect((await decode({ body, contentEncoding: "gzip", contentType: "application/json" })).payload).toEqual(event);
    expect((await decode({ body, contentType: "text/plain" })).payload).toEqual(event);
  });

  it("decompresses lz64 (lz-string base64), in a body or a form, with + turned into spaces", async () => {
    const packed = LZString.compressToBase64(json);
    expect((await decode({ body: packed, url: "/e/?compression=lz64" })).payload).toEqual(event);
    const form = `data=${encodeURIComponent(packed).replace(/%2B/g, "+")}&compression=lz64`;
    expect((await decode({ body: form, contentType: "application/x-www-form-urlencoded" })).payload).toEqual(event);
  });

  it("reads form posts: data= as base64 (posthog-js compression=base64) or JSON, and keeps the other fields", async () => {
    const base64Form = `data=${encodeURIComponent(b64(json))}&compression=base64&api_key=phc_x`;
    const decoded = await decode({ body: base64Form, contentType: "application/x-www-form-urlencoded", url: "/e/?compression=base64" });
    expect(decoded.payload).toEqual(event);
    expect(decoded.form?.get("api_key")).toBe("phc_x");
    const jsonForm = `data=${encodeURIComponent(json)}`;
    expect((await decode({ body: jsonForm, contentType: "application/x-www-form-urlencoded" })).payload).toEqual(event);
  });

  it("restores base64 '+' that a form decoding turned into spaces", async () => {
    const encoded = b64(JSON.stringify({ ...event, properties: { s: "???>>>" } }));
    expect(encoded).toContain("+");
    const form = `data=${encoded}`; // '+' not escaped: URLSearchParams reads it as a space
    expect((await decode({ body: form, contentType: "application/x-www-form-urlencoded" })).payload).toEqual({
      ...event,
      properties: { s: "???>>>" },
    });
  });

  it("reads multipart form posts", async () => {
    const boundary = "----hedgerow";
    const body = `--${boundary}\r\nContent-Disposition: form-data; name="data"\r\n\r\n${json}\r\n--${boundary}--\r\n`;
    const decoded = await decode({ body, contentType: `multipart/form-data; boundary=${boundary}` });
    expect(decoded.payload).toEqual(event);
  });

  it("reads GET ?data= as JSON or base64", async () => {
    expect((await decode({ method: "GET", url: `/e/?data=${encodeURIComponent(json)}` })).payload).toEqual(event);
    expect((await decode({ method: "GET", url: `/e/?data=${encodeURIComponent(b64(json))}` })).payload).toEqual(event);
    expect((await decode({ method: "GET", url: "/e/" })).payload).toBeNull();
  });

  it("reads a raw body that is base64 of JSON", async () => {
    expect((await decode({ body: b64(json), contentType: "text/plain" })).payload).toEqual(event);
  });

  it("turns NaN and ±Infinity into null, as Python's json does, but not inside strings", async () => {
    const body = '{"event":"e","properties":{"a":NaN,"b":Infinity,"c":-Infinity,"d":"NaN Infinity","e":[NaN]}}';
    expect((await decode({ body })).payload).toEqual({
      event: "e",
      properties: { a: null, b: null, c: null, d: "NaN Infinity", e: [null] },
    });
    expect(await nonFiniteToNull('{"a":"x\\"NaN","b":NaN}')).toBe('{"a":"x\\"NaN","b":null}');
    // An escaped backslash ends its string; tokens of every kind, next to strings and at the text's ends.
    expect(await nonFiniteToNull('["\\\\",NaN,"-Infinity",-Infinity,Infinity,"a\\"b",NaN]')).toBe(
      '["\\\\",null,"-Infinity",null,null,"a\\"b",null]',
    );
    expect(await nonFiniteToNull("NaN")).toBe("null");
    expect(await nonFiniteToNull('"unterminated NaN')).toBe('"unterminated NaN');
  });

  it("rewrites non-finite numbers of a large body in slices, letting timers run, long strings and escapes kept", async () => {
    const long = JSON.stringify({ s: `${'Infinity \\ " '.repeat(200_000)}NaN`, n: [null] }).replace("[null]", "[-Infinity]");
    expect(JSON.parse(await nonFiniteToNull(long))).toEqual({ s: `${'Infinity \\ " '.repeat(200_000)}NaN`, n: [null] });
    let ticks = 0;
    const timer = setInterval(() => ticks++, 0);
    try {
      expect((await nonFiniteToNull(`[${"NaN,".repeat(5 * 1024 * 1024)}x`)).startsWith("[null,null,")).toBe(true);
    } finally {
      clearInterval(timer);
    }
    expect(ticks).toBeGreaterThan(0);
  });

  it("answers an empty body with no payload", async () => {
    expect((await decode({ body: "" })).payload).toBeNull();
    expect((await decode({ body: "", contentType: "application/x-www-form-urlencoded" })).payload).toBeNull();
  });
});

describe("decodeCaptureBody: refusals", () => {
  const rejects = async (init: Parameters<typeof request>[0], limit = LIMIT) => {
    try {
      await decode(init, limit);
    } catch (error) {
      return error;
    }
    throw new Error("expected a refusal");
  };

  it("refuses what is not JSON", async () => {
    const error = await rejects({ body: "{nope", contentType: "application/json" });
    expect(error).toBeInstanceOf(MalformedBody);
    expect((error as Error).message).toMatch(/^Invalid JSON: /);
  });

  it("refuses a broken gzip body, and the literal 'undefined' posthog-js once sent", async () => {
    expect(await rejects({ body: Buffer.from([0x1f, 0x8b, 1, 2, 3]), contentEncoding: "gzip" })).toBeInstanceOf(MalformedBody);
    const undefinedBody = (await rejects({ body: "undefined", url: "/e/?compression=gzip-js" })) as Error;
    expect(undefinedBody.message).toMatch(/literal string 'undefined'/);
  });

  it("refuses bad lz64", async () => {
    expect(await rejects({ body: "!!!", url: "/e/?compression=lz64" })).toBeInstanceOf(MalformedBody);
  });

  const expectTooLarge = (error: unknown) => {
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(413);
    expect((error as ApiError).code).toBe("request_too_large");
  };

  it("stops an lz64 bomb at the limit with 413: in a body, a form's data, a GET's query, declared any way", async () => {
    const bomb = lz64Bomb(480_000_000);
    const formBody = `data=${encodeURIComponent(bomb)}&compression=lz64`;
    const variants: Parameters<typeof request>[0][] = [
      { body: bomb, url: "/batch/?compression=lz64", contentType: "text/plain" },
      { body: bomb, url: "/batch/?compression=LZ64" },
      { body: bomb, contentEncoding: "lz64" },
      { body: `data=${encodeURIComponent(bomb)}`, url: "/batch/?compression=lz64", contentType: "application/x-www-form-urlencoded" },
      { body: formBody, contentType: "application/x-www-form-urlencoded; charset=utf-8" },
      { method: "GET", url: `/e/?compression=lz64&data=${encodeURIComponent(lz64Bomb(30_000_000))}` },
    ];
    for (const init of variants) expectTooLarge(await rejects(init));
  });

  it("bounds lz64 by the bytes of its text, so characters of 3 bytes count 3 times", async () => {
    const text = JSON.stringify({ event: "e", distinct_id: "d", properties: { s: "✓".repeat(1000) } });
    const packed = LZString.compressToBase64(text);
    expect((await decode({ body: packed, url: "/e/?compression=lz64" }, Buffer.byteLength(text))).payload).toBeTruthy();
    expectTooLarge(await rejects({ body: packed, url: "/e/?compression=lz64" }, Buffer.byteLength(text) - 1));
    expect(text.length).toBeLessThan(Buffer.byteLength(text) - 1);
  });

  it("takes a compressed body of exactly the limit and refuses one byte more (gzip, gzip-js, lz64, base64 in lz64)", async () => {
    const padded = (bytes: number) => {
      const skeleton = JSON.stringify({ ...event, properties: { pad: "" } });
      return JSON.stringify({ ...event, properties: { pad: "p".repeat(bytes - skeleton.length) } });
    };
    const limit = 64 * 1024;
    const exact = padded(limit);
    expect(Buffer.byteLength(exact)).toBe(limit);
    const over = padded(limit + 1);
    const encodings: [string, (text: string) => Parameters<typeof request>[0]][] = [
      ["gzip", (text) => ({ body: gzipSync(text), contentEncoding: "gzip" })],
      ["gzip-js", (text) => ({ body: gzipSync(text), url: "/e/?compression=gzip-js", contentType: "text/plain" })],
      ["lz64", (text) => ({ body: LZString.compressToBase64(text), url: "/e/?compression=lz64" })],
      ["base64 in lz64", (text) => ({ body: LZString.compressToBase64(b64(text)), url: "/e/?compression=lz64" })],
    ];
    for (const [name, encode] of encodings) {
      if (name === "base64 in lz64") {
        // The lz64 layer holds the base64 text, 4/3 of the JSON: that is what the limit bounds.
        expect((await decode(encode(exact), Math.ceil(limit / 3) * 4)).payload).toBeTruthy();
        expectTooLarge(await rejects(encode(exact), Math.ceil(limit / 3) * 4 - 1));
        continue;
      }
      expect((await decode(encode(exact), limit)).payload, name).toBeTruthy();
      expectTooLarge(await rejects(encode(over), limit));
    }
  });

  it("stops a gzip bomb at the limit with 413, whether declared or sniffed", async () => {
    const bomb = gzipBomb(50 * 1024 * 1024);
    expect(bomb.length).toBeLessThan(100 * 1024);
    for (const init of [
      { body: bomb, contentEncoding: "gzip" },
      { body: bomb },
      { body: bomb, url: "/e/?compression=gzip-js", contentType: "text/plain" },
    ]) {
      const error = (await rejects(init)) as ApiError;
      expect(error).toBeInstanceOf(ApiError);
      expect(error.status).toBe(413);
      expect(error.code).toBe("request_too_large");
    }
  });
});

describe("parseCaptureText and base64Text", () => {
  it("reads base64 with or without padding, a data= prefix, URL escapes or the URL-safe alphabet", () => {
    const text = JSON.stringify({ x: "?>?>" });
    const standard = b64(text);
    expect(base64Text(standard)).toBe(text);
    expect(base64Text(standard.replace(/=+$/, ""))).toBe(text);
    expect(base64Text(`data=${encodeURIComponent(standard)}`)).toBe(text);
    expect(base64Text(standard.replace(/\+/g, "-").replace(/\//g, "_"))).toBe(text);
  });

  it("does not take arbitrary text for base64", async () => {
    expect(base64Text("{not base64}")).toBeNull();
    expect(base64Text("a")).toBeNull();
    await expect(parseCaptureText("hello")).rejects.toThrow(MalformedBody);
  });
});
