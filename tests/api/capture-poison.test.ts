import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, inject, test } from "vitest";
import { MAX_EVENT_DEPTH } from "@/lib/capture/well-formed";
import { signUp, type TestUser } from "../support/api";
import { CAPTURE_ENCODINGS, listAllEvents, projectToken, sendRaw } from "../support/events";

// Events no database can hold as sent, beside good ones: the good ones must be stored (once), the poison one
// stored sanitized or refused by its index, and never a 5xx (SDKs retry those, the same batch forever).

const baseUrl = inject("baseUrl");
const ROUTES = ["/e/", "/i/v0/e/", "/capture/", "/batch/"];
/** `depth` nested arrays, as JSON text (the SDK side could not even JSON.stringify 5,000 nested objects). */
const nested = (depth: number) => "[".repeat(depth) + "]".repeat(depth);

interface Case {
  name: string;
  /** The uuids of the good events, and the poison event's. */
  good: string[];
  poison: string;
}

describe("poison events beside good ones, on every capture route and in every encoding", () => {
  let user: TestUser;
  let token: string;
  const cases: Case[] = [];
  beforeAll(async () => {
    user = await signUp(baseUrl);
    token = projectToken(user);
  });

  const goodEvent = (name: string, uuid: string) =>
    JSON.stringify({ event: "good", distinct_id: `good-${name}`, uuid, properties: { token, case: name } });

  /** The poison kinds, each the JSON text of an event with the case's name and uuid. */
  const POISONS: Record<string, (name: string, uuid: string) => string> = {
    NUL: (name, uuid) =>
      JSON.stringify({
        event: "poison\u0000",
        distinct_id: `poison-\u0000-${name}`,
        uuid,
        properties: { token, case: name, "key\u0000": "value\u0000", nested: { list: [{ deep: "x\u0000y" }] } },
      }),
    "lone surrogate": (name, uuid) =>
      // JSON.stringify writes a lone surrogate as its escape (`"\ud800"`), as a client's JSON would carry it.
      JSON.stringify({
        event: "poison\ud800",
        distinct_id: `poison-\udc00-${name}`,
        uuid,
        properties: { token, case: name, "key\ud800": "value\udfff", nested: { list: [{ deep: "x\ud800y" }] } },
      }),
    "5,000 deep": (name, uuid) =>
      `{"event":"poison","distinct_id":"poison-${name}","uuid":"${uuid}","properties":{"case":"${name}","deep":${nested(5000)}}}`,
  };

  test("each answers 200; the good events are stored once, the poison one sanitized or refused by its index", async () => {
    for (const route of ROUTES)
      for (const [encoding, encode] of Object.entries(CAPTURE_ENCODINGS))
        for (const [kind, poisonEvent] of Object.entries(POISONS)) {
          const name = `${route} ${encoding} ${kind}`;
          const [before, poison, after] = [randomUUID(), randomUUID(), randomUUID()];
          const [query, request] = encode(`[${goodEvent(name, before)},${poisonEvent(name, poison)},${goodEvent(name, after)}]`);
          const response = await sendRaw(baseUrl, route + query, request);
          expect(response.status, `${name}: ${response.text}`).toBe(200);
          expect(response.body, name).toEqual(
            kind === "5,000 deep"
              ? { status: 1, invalid_events: [{ index: 1, reason: `Event is nested deeper than ${MAX_EVENT_DEPTH} levels!` }] }
              : { status: 1 },
          );
          cases.push({ name, good: [before, after], poison });
        }

    const stored = await listAllEvents(user);
    const timesStored = (uuid: string) => stored.filter((event) => event.id === uuid).length;
    for (const { name, good, poison } of cases) {
      for (const uuid of good) expect(timesStored(uuid), `${name}: a good event`).toBe(1);
      if (name.endsWith("5,000 deep")) {
        expect(timesStored(poison), `${name}: the refused event`).toBe(0);
        continue;
      }
      const [sanitized] = stored.filter((event) => event.id === poison);
      expect(sanitized, `${name}: the sanitized event`).toBeDefined();
      expect(sanitized.event).toBe("poison\ufffd");
      expect(sanitized.distinct_id).toBe(`poison-\ufffd-${name}`);
      expect(sanitized.properties).toMatchObject({
        case: name,
        "key\ufffd": "value\ufffd",
        nested: { list: [{ deep: "x\ufffdy" }] },
      });
    }
    expect(stored).toHaveLength(cases.length * 3 - cases.filter(({ name }) => name.endsWith("5,000 deep")).length);
  });

  test("properties nested up to the bound are stored; a request of refused events only is a 400", async () => {
    const name = `bound-${randomUUID()}`;
    // The event is level 1, its properties level 2, `deep` level 3: MAX_EVENT_DEPTH − 2 arrays reach the bound.
    const atBound = `{"event":"at bound","distinct_id":"${name}","uuid":"${randomUUID()}","properties":{"token":"${token}","deep":${nested(MAX_EVENT_DEPTH - 2)}}}`;
    const overBound = atBound.replace('"deep":', '"deep":[').replace(/}}$/, "]}}");
    const accepted = await sendRaw(baseUrl, "/batch/", { headers: { "content-type": "application/json" }, body: atBound });
    expect(accepted.status, accepted.text).toBe(200);
    expect(accepted.body).toEqual({ status: 1 });
    const [stored] = await listAllEvents(user, { distinct_id: name });
    let depth = 0;
    for (let level = stored.properties.deep; Array.isArray(level); level = level[0]) depth += 1;
    expect(depth).toBe(MAX_EVENT_DEPTH - 2);

    const refused = await sendRaw(baseUrl, "/e/", { headers: { "content-type": "application/json" }, body: overBound });
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({
      type: "validation_error",
      code: "invalid_payload",
      detail: `Invalid payload: Event is nested deeper than ${MAX_EVENT_DEPTH} levels!`,
      attr: null,
    });
  });

  test("the server still captures afterwards", async () => {
    const name = `after-${randomUUID()}`;
    const response = await sendRaw(baseUrl, "/i/v0/e/", {
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ event: "after", distinct_id: name, properties: { token } }),
    });
    expect(response.body).toEqual({ status: 1 });
    expect(await listAllEvents(user, { distinct_id: name })).toHaveLength(1);
  });
});

describe("a token holding NUL", () => {
  const json = (path: string, payload: unknown) =>
    sendRaw(baseUrl, path, { headers: { "content-type": "application/json" }, body: JSON.stringify(payload) });
  const invalidToken = {
    type: "authentication_error",
    code: "invalid_api_key",
    detail: "Project API key invalid. You can find your project API key in PostHog project settings.",
    attr: null,
  };

  test("/decide/ and /flags/ answer 401 invalid_api_key, from the body or the query string", async () => {
    const token = projectToken(await signUp(baseUrl));
    for (const path of ["/decide/?v=3", "/decide/?v=4", "/flags/?v=2", "/flags/?v=1"]) {
      for (const garbage of [`${token}\u0000`, "\u0000", "phc_\ud800"]) {
        const response = await json(path, { token: garbage, distinct_id: "d" });
        expect(response.status, `${path} ${JSON.stringify(garbage)}: ${response.text}`).toBe(401);
        expect(response.body).toEqual(invalidToken);
      }
      const inQuery = await json(`${path}&token=${encodeURIComponent(`${token}\u0000`)}`, { distinct_id: "d" });
      expect(inQuery.status, path).toBe(401);
      expect(inQuery.body).toEqual(invalidToken);
    }
  });

  test("capture answers 401 null_byte, as PostHog's capture", async () => {
    const token = projectToken(await signUp(baseUrl));
    for (const route of ROUTES) {
      const response = await json(route, { api_key: `${token}\u0000`, batch: [{ event: "e", distinct_id: "d" }] });
      expect(response.status, route).toBe(401);
      expect(response.body).toEqual({
        type: "authentication_error",
        code: "null_byte",
        detail: "Provided API key is not valid: null_byte",
        attr: null,
      });
    }
  });
});
