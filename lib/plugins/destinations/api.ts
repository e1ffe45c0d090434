import { request } from "undici";
import { DestinationUnreachable, destinationDispatcher, unreachable } from "@/lib/net/destination-guard";
import { ConfigProblem } from "../transformations/kinds";

const REQUEST_TIMEOUT_MS = 10_000;
/** Of an answer's body, what is read (an error's message; the rest is not needed). */
const MAX_ANSWER_CHARS = 4_000;

export interface ApiCall {
  method: "GET" | "POST" | "PUT" | "PATCH";
  url: string;
  headers: Record<string, string>;
  body?: unknown;
}

/**
 * Calls a service's JSON API through the destination guard (checked address, no redirect followed) and answers the
 * status and the start of the answer's body. Not reaching the service is the generic DestinationUnreachable.
 */
export async function callApi(call: ApiCall, signal: AbortSignal): Promise<{ status: number; text: string }> {
  let response: Awaited<ReturnType<typeof request>>;
  try {
    response = await request(call.url, {
      method: call.method,
      headers: call.body === undefined ? call.headers : { "content-type": "application/json", ...call.headers },
      body: call.body === undefined ? undefined : JSON.stringify(call.body),
      signal: AbortSignal.any([signal, AbortSignal.timeout(REQUEST_TIMEOUT_MS)]),
      dispatcher: destinationDispatcher(),
    });
  } catch (error) {
    throw error instanceof DestinationUnreachable ? error : unreachable(`${call.method} ${call.url} failed`, error);
  }
  const text = (await response.body.text().catch(() => "")).slice(0, MAX_ANSWER_CHARS);
  if (response.statusCode >= 300)
    console.warn(`[destinations] ${call.method} ${call.url} answered ${response.statusCode}: ${text.slice(0, 300)}`);
  return { status: response.statusCode, text };
}

/**
 * Whether a failed call is worth its batch's retry: the service unavailable or limiting (408, 429, 5xx), or the
 * credentials refused (401, 403: retried, then counted towards disabling the app). Another 4xx is the event's own
 * problem: it is logged and skipped, as PostHog's apps do.
 */
export const worthRetrying = (status: number) => status === 401 || status === 403 || status === 408 || status === 429 || status >= 500;

/** A required text setting, trimmed; a ConfigProblem on its key when empty. */
export function requiredText(config: Record<string, unknown>, key: string): string {
  const value = typeof config[key] === "string" ? (config[key] as string).trim() : "";
  if (!value) throw new ConfigProblem(key, "This field is required.");
  return value;
}

/** A choice setting: one of `choices`, or the first when left empty. */
export function choiceOf<T extends string>(config: Record<string, unknown>, key: string, choices: readonly T[]): T {
  const value = config[key];
  if (value === undefined || value === null || value === "") return choices[0];
  if (!choices.includes(value as T)) throw new ConfigProblem(key, `"${String(value)}" is not a valid choice.`);
  return value as T;
}

/** The $set of an event's properties (PostHog's `event.$set`). */
export const setOf = (properties: Record<string, unknown>) =>
  properties.$set && typeof properties.$set === "object" && !Array.isArray(properties.$set)
    ? (properties.$set as Record<string, unknown>)
    : {};

// PostHog's apps' test of an email address.
const EMAIL =
  /^(([^<>()[\]\\.,;:\s@"]+(\.[^<>()[\]\\.,;:\s@"]+)*)|(".+"))@((\[[0-9]{1,3}\.[0-9]{1,3}\.[0-9]{1,3}\.[0-9]{1,3}\])|(([a-zA-Z\-0-9]+\.)+[a-zA-Z]{2,}))$/;
export const isEmail = (value: unknown): value is string =>
  typeof value === "string" && value.length <= 320 && EMAIL.test(value.toLowerCase());
