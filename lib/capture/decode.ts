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
const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const NON_FINITE_FIRST_CHARS = new Set(["N".charCodeAt(0), "I".charCodeAt(0), "-".charCodeAt(0)]);

/**
 * Replaces the bare tokens NaN, Infinity and -Infinity outside strings with null. A body of 20 MB can hold
 * millions of them, so the text is scanned in slices that yield to the event loop.
 */
export async function nonFiniteToNull(text: string): Promise<string> {
  // Each slice's pieces are joined before yielding: one join of millions of pieces would block for long.
  const slices: string[] = [];
  let parts: string[] = [];
  let copiedUpTo = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    if (i % CHARS_PER_SLICE === 0 && i > 0) {
      slices.push(parts.join(""));
      parts = [];
      await yieldToEventLoop();
    }
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === BACKSLASH) i++;
      else if (c === QUOTE) inString = false;
      continue;
    }
    if (c === QUOTE) inString = true;
    if (!NON_FINITE_FIRST_CHARS.has(c)) continue;
    const token = ["-Infinity", "Infinity", "NaN"].find((t) => text.startsWith(t, i));
    if (!token) continue;
    parts.push(text.slice(copiedUpTo, i), "null");
    i += token.length - 1;
    copiedUpTo = i + 1;
  }
  parts.push(text.slice(copiedUpTo));
  slices.push(parts.join(""));
  return slices.join("");
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
