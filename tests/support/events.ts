import { randomUUID } from "node:crypto";
import { gzipSync } from "node:zlib";
import LZString from "lz-string";
import type { ApiResponse, TestUser } from "./api";

/** An event as posthog-node puts it in a batch; `uuid` defaults to a new one. */
export interface SentEvent {
  event: string;
  distinct_id: string;
  properties?: Record<string, unknown>;
  timestamp?: string;
  uuid?: string;
}

export const projectToken = (user: TestUser): string => user.user.team.api_token;

/** A request as an SDK or a browser sends it to a capture or flags route. */
export interface RawRequest {
  method?: string;
  headers?: Record<string, string>;
  body?: string | Uint8Array;
}

const b64 = (text: string) => Buffer.from(text).toString("base64");

/** A body's JSON text as each capture encoding sends it: [query string, request]. */
export const CAPTURE_ENCODINGS: Record<string, (json: string) => [string, RawRequest]> = {
  json: (json) => ["", { headers: { "content-type": "application/json" }, body: json }],
  gzip: (json) => ["", { headers: { "content-type": "application/json", "content-encoding": "gzip" }, body: gzipSync(json) }],
  "gzip-js": (json) => ["?compression=gzip-js", { headers: { "content-type": "text/plain" }, body: gzipSync(json) }],
  lz64: (json) => ["?compression=lz64", { headers: { "content-type": "text/plain" }, body: LZString.compressToBase64(json) }],
  "base64 form": (json) => [
    "?compression=base64",
    { headers: { "content-type": "application/x-www-form-urlencoded" }, body: `data=${encodeURIComponent(b64(json))}` },
  ],
  "json form": (json) => [
    "",
    { headers: { "content-type": "application/x-www-form-urlencoded" }, body: `data=${encodeURIComponent(json)}` },
  ],
  "GET ?data=": (json) => [`?data=${encodeURIComponent(b64(json))}`, { method: "GET" }],
};

/** Sends `request` as is (no session) and reads the answer, its JSON parsed. */
export async function sendRaw(
  baseUrl: string,
  path: string,
  { method = "POST", headers = {}, body }: RawRequest = {},
): Promise<ApiResponse> {
  const response = await fetch(new URL(path, baseUrl), { method, headers, body: body as BodyInit | undefined });
  const text = await response.text();
  return { status: response.status, headers: response.headers, text, body: text ? JSON.parse(text) : null };
}

/** POST /batch/ as posthog-node sends it (plain JSON); the events get uuids unless they have one. */
export async function sendBatch(baseUrl: string, token: string, events: SentEvent[]): Promise<{ status: number; body: any }> {
  const batch = events.map((event) => ({ uuid: randomUUID(), properties: {}, ...event }));
  const response = await fetch(new URL("/batch/", baseUrl), {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ api_key: token, batch }),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null };
}

/** Every event of the user's project matching `query`, newest first (the events API, following `next`). */
export async function listAllEvents(user: TestUser, query: Record<string, string> = {}): Promise<any[]> {
  const results: any[] = [];
  let url: string | null = `/api/projects/${user.projectId}/events/?${new URLSearchParams({ limit: "1000", ...query })}`;
  while (url) {
    const page: ApiResponse = await user.session.get(url);
    if (page.status !== 200) throw new Error(`events API answered ${page.status}: ${page.text}`);
    results.push(...page.body.results);
    url = page.body.next;
  }
  return results;
}

/** Sends any number of events through POST /batch/ in batches of 500, failing unless each is accepted. */
export async function sendEvents(baseUrl: string, user: TestUser, events: SentEvent[]): Promise<void> {
  for (let i = 0; i < events.length; i += 500) {
    const response = await sendBatch(baseUrl, projectToken(user), events.slice(i, i + 500));
    if (response.status !== 200 || response.body?.status !== 1)
      throw new Error(`/batch/ answered ${response.status}: ${JSON.stringify(response.body)}`);
  }
}

/**
 * 600 events over the last 300 hours: $pageview, signed_up and purchase in turn, from 60 people, on 30 URLs.
 * Enough for any analysis to have work to do.
 */
export function sendHourlyTraffic(baseUrl: string, user: TestUser): Promise<void> {
  const now = Date.now();
  return sendEvents(
    baseUrl,
    user,
    Array.from({ length: 600 }, (_, i) => ({
      event: ["$pageview", "signed_up", "purchase"][i % 3],
      distinct_id: `user-${i % 60}`,
      timestamp: new Date(now - (i % 300) * 3_600_000).toISOString(),
      properties: { $current_url: `https://example.com/${i % 30}` },
    })),
  );
}
