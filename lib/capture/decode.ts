import { promisify } from "node:util";
import { gunzip as gunzipCallback } from "node:zlib";
import { captureError } from "./errors";
import { yieldToEventLoop } from "./event-loop";
import { decompressFromBase64, OutputLimitExceeded } from "./lz-string";

const gunzipAsync = promisify(gunzipCallback);

/** A body that cannot be read; capture answers it as `invalid_payload`, decide as `malformed_data`. */
export class MalformedBody extends Error {}

/** A capture or flags request as it arrived: everything the body's decoding depends on. */
export interface RawCaptureRequest {
  method: string;
  query: URLSearchParams;
  /** The Content-Type header as sent ("" when absent). */
  contentType: string;
  /** The Content-Encoding header, lower-cased ("" when absent). */
  contentEncoding: string;
  body: Uint8Array;
  /** The client's address (lib/server/forwarded.ts), which PostHog records as `$ip` on events that do not carry one. */
  ip: string | null;
}

export interface DecodedCapture {
  /** The JSON the client sent, or null when it sent nothing. */
  payload: unknown;
  /** The form fields of a form post (`api_key`, `token`, `compression`, `sent_at` may be there). */
  form: URLSearchParams | null;
}

const FORM_TYPES = new Set(["application/x-www-form-urlencoded", "multipart/form-data"]);
const GZIP_MAGIC = [0x1f, 0x8b];

/**
 * PostHog's `load_data_from_request`: the payload is the raw body (JSON, text/plain, untyped), a form's `data`
 * field, or `?data=` on GET; compression from `?compression=`, the form's `compression` or Content-Encoding
 * (gzip, gzip-js, lz64, base64); base64 is tried on whatever remains; JSON's NaN/Infinity become null; an
 * undeclared gzip body (posthog-js sends gzip as text/plain) is recognised by its magic bytes.
 * `maxBytes` bounds the decompressed text too: every decompressor stops as soon as its output passes it (a small
 * gzip or lz64 bomb is a 413, not an out-of-memory), and works off the event loop (gzip on libuv's threads) or in
 * slices that yield to it (lz64), so a bomb being refused does not hold other requests up. base64 only shrinks.
 */
export async function decodeCaptureBody(req: RawCaptureRequest, maxBytes: number): Promise<DecodedCapture> {
  let form: URLSearchParams | null = null;
  let data: Uint8Array | string | null;
  if (req.method === "GET" || req.method === "HEAD") {
    data = req.query.get("data");
  } else if (FORM_TYPES.has(mediaType(req.contentType))) {
    form = await parseForm(req);
    data = form.get("data");
  } else {
    data = req.body;
  }
  if (data === null || data.length === 0) return { payload: null, form };

  const compression = (req.query.get("compression") || form?.get("compression") || req.contentEncoding).toLowerCase();
  let text: string;
  if (compression === "gzip" || compression === "gzip-js" || (compression === "" && isGzip(data))) {
    text = await gunzip(data, maxBytes);
  } else if (compression === "lz64") {
    text = await lz64(typeof data === "string" ? data : utf8(data), maxBytes);
  } else {
    text = typeof data === "string" ? data : utf8(data);
  }
  return { payload: await parseCaptureText(text), form };
}

/**
 * JSON text, or base64 of it (form posts, `compression=base64`, `data=` strings): PostHog tries base64 on
 * everything; JSON is tried first here, which differs only for bodies that are both (never an event).
 */
export async function parseCaptureText(text: string): Promise<unknown> {
  const json = await parsePythonJson(text);
  if (json.ok) return json.value;
  const decoded = base64Text(text);
  if (decoded !== null) {
    const fromBase64 = await parsePythonJson(decoded);
    if (fromBase64.ok) return fromBase64.value;
  }
  throw new MalformedBody(`Invalid JSON: ${json.error}`);
}

/** JSON as Python's `json.loads(..., parse_constant=lambda x: None)` reads it: NaN, Infinity, -Infinity → null. */
async function parsePythonJson(text: string): Promise<{ ok: true; value: unknown } | { ok: false; error: string }> {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (error) {
    if (!/NaN|Infinity/.test(text)) return { ok: false, error: (error as Error).message };
    try {
      return { ok: true, value: JSON.parse(await nonFiniteToNull(text)) };
    } catch {
      return { ok: false, error: (error as Error).message };
    }
  }
}

/** Characters scanned between two yields to the event loop. */
const CHARS_PER_SLICE = 1 << 18;
const BACKSLASH = 0x5c;
/**
 * The bare tokens of a text outside strings (where JSON has no other letters but true, false and null) as null;
 * split and join, several times faster than a regex replace when there are millions.
 */
const nullTokens = (outside: string) => outside.split("-Infinity").join("null").split("Infinity").join("null").split("NaN").join("null");
const isTokenChar = (c: number) => (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a) || c === 0x2d;

/** Where the string starting at the quote `open` ends (after its closing quote; the text's end if none). */
function stringEnd(text: string, open: number): number {
  let from = open + 1;
  for (;;) {
    const quote = text.indexOf('"', from);
    if (quote < 0) return text.length;
    let backslashes = 0;
    while (text.charCodeAt(quote - 1 - backslashes) === BACKSLASH) backslashes++;
    if (backslashes % 2 === 0) return quote + 1;
    from = quote + 1;
  }
}

/**
 * Replaces the bare tokens NaN, Infinity and -Infinity outside strings with null. A body of 20 MB can hold
 * millions of them, so the text is read in slices that yield to the event loop; strings are skipped with
 * `indexOf` and the rest rewritten slice by slice.
 */
export async function nonFiniteToNull(text: string): Promise<string> {
  const pieces: string[] = [];
  let sinceYield = 0;
  const advance = async (chars: number) => {
    sinceYield += chars;
    if (sinceYield < CHARS_PER_SLICE) return;
    sinceYield = 0;
    await yieldToEventLoop();
  };
  let at = 0;
  while (at < text.length) {
    const open = text.indexOf('"', at);
    const outside = open < 0 ? text.length : open;
    while (at < outside) {
      let end = Math.min(at + CHARS_PER_SLICE, outside);
      // A slice never ends inside a token.
      while (end < outside && isTokenChar(text.charCodeAt(end))) end++;
      pieces.push(nullTokens(text.slice(at, end)));
      await advance(end - at);
      at = end;
    }
    if (open < 0) break;
    const close = stringEnd(text, open);
    pieces.push(text.slice(open, close));
    await advance(close - open);
    at = close;
  }
  return pieces.join("");
}

/**
 * The text a base64 payload stands for, or null if it is not base64 of UTF-8: a `data=` prefix and URL
 * escapes are removed, spaces are `+` that a form decoding turned into spaces, padding may be missing.
 */
export function base64Text(input: string): string | null {
  let value = input.trim();
  if (value.startsWith("data=")) value = value.slice(5);
  if (value.includes("%")) {
    try {
      value = decodeURIComponent(value);
    } catch {
      return null;
    }
  }
  value = value
    .replace(/ /g, "+")
    .replace(/[\r\n\t]/g, "")
    .replace(/-/g, "+")
    .replace(/_/g, "/");
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(value) || value.replace(/=+$/, "").length % 4 === 1) return null;
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(Buffer.from(value, "base64"));
  } catch {
    return null;
  }
}

function isGzip(data: Uint8Array | string): boolean {
  return typeof data !== "string" && data[0] === GZIP_MAGIC[0] && data[1] === GZIP_MAGIC[1];
}

async function gunzip(data: Uint8Array | string, maxBytes: number): Promise<string> {
  const bytes = typeof data === "string" ? Buffer.from(data, "latin1") : data;
  if (utf8(bytes.subarray(0, 9)) === "undefined")
    throw new MalformedBody("data being loaded from the request body for decompression is the literal string 'undefined'");
  try {
    return utf8(await gunzipAsync(bytes, { maxOutputLength: maxBytes }));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ERR_BUFFER_TOO_LARGE") throw captureError.tooLarge();
    throw new MalformedBody(`Failed to decompress data. ${(error as Error).message}`);
  }
}

async function lz64(text: string, maxBytes: number): Promise<string> {
  let decompressed: string | null;
  try {
    decompressed = await decompressFromBase64(text.replace(/ /g, "+"), maxBytes);
  } catch (error) {
    if (error instanceof OutputLimitExceeded) throw captureError.tooLarge();
    throw error;
  }
  if (!decompressed) throw new MalformedBody("Failed to decompress data.");
  // The decompressor counts characters; one can take up to 3 bytes of UTF-8.
  if (Buffer.byteLength(decompressed) > maxBytes) throw captureError.tooLarge();
  return decompressed;
}

async function parseForm(req: RawCaptureRequest): Promise<URLSearchParams> {
  if (mediaType(req.contentType) === "application/x-www-form-urlencoded") return new URLSearchParams(utf8(req.body));
  try {
    const fields = await new Response(req.body as BodyInit, { headers: { "content-type": req.contentType } }).formData();
    const form = new URLSearchParams();
    for (const [key, value] of fields) if (typeof value === "string") form.append(key, value);
    return form;
  } catch (error) {
    throw new MalformedBody(`Invalid form data: ${(error as Error).message}`);
  }
}

const mediaType = (contentType: string) => contentType.split(";")[0].trim().toLowerCase();

const utf8 = (bytes: Uint8Array) => new TextDecoder().decode(bytes);
