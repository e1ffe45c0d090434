import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import type { ActionStepJson } from "@/lib/db/schema";
import type { EventStore } from "@/lib/events/store/types";
import * as persons from "./persons";
import { SqlParams } from "./properties";

// A private data dir for this file: chDB for the events, and the metadata database `loadActions` reads:
// PGlite, or the PostgreSQL of TEST_DATABASE_URL when set (as the API tests use it).
const dataDir = mkdtempSync(path.join(tmpdir(), "hedgerow-actions-test-"));
vi.stubEnv("HEDGEROW_DATA_DIR", dataDir);
vi.stubEnv("DATABASE_URL", process.env.TEST_DATABASE_URL ?? "");
vi.stubEnv("CLICKHOUSE_URL", "");

// Imported once the environment points at that dir (the config is read on import).
let actions: typeof import("./index");

beforeAll(async () => {
  actions = await import("./index");
});

describe("selectors", () => {
  test("the forms PostHog matches parse; anything else is refused with the reason", () => {
    for (const supported of [
      "a",
      "*",
      "a.btn.btn-primary",
      ".md\\:flex",
      "#checkout",
      '[data-attr="buy"]',
      "[data-attr='buy']",
      "[data-attr=buy]",
      "[ data-attr ]",
      "a:nth-child(2):nth-of-type( 1 )",
      "div.hero > a",
      "body form   button",
      "div>a",
      "#\\31 23",
    ])
      expect(actions.selectorProblem(supported), supported).toBeNull();
    expect(actions.selectorProblem("a:hover")).toBe('the pseudo-class ":hover" is not supported');
    expect(actions.selectorProblem("div:first-child")).toBe('the pseudo-class ":first-child" is not supported');
    expect(actions.selectorProblem("a::before")).toBe("pseudo-elements are not supported");
    expect(actions.selectorProblem("a + b")).toBe('"+" is not supported (only descendant and ">" combinators are)');
    expect(actions.selectorProblem("a ~ b")).toMatch(/"~" is not supported/);
    expect(actions.selectorProblem("a, b")).toMatch(/"," is not supported/);
    expect(actions.selectorProblem('[href^="/x"]')).toBe('the attribute operator "^=" is not supported');
    expect(actions.selectorProblem('[href="/x" i]')).toMatch(/is not closed/);
    expect(actions.selectorProblem("a[href")).toMatch(/is not closed/);
    expect(actions.selectorProblem('a[href="x')).toBe("a quoted value is not closed");
    expect(actions.selectorProblem("a >")).toBe("it ends with a combinator");
    expect(actions.selectorProblem("> a")).toMatch(/unexpected ">"/);
    expect(actions.selectorProblem("a:nth-child(odd)")).toBe(":nth-child needs a number, as in :nth-child(2)");
    expect(actions.selectorProblem("   ")).toBe("it is empty");
    expect(() => actions.selectorRegex("a:hover")).toThrow(/Unsupported selector "a:hover"/);
  });

  test("regexProblem: what RE2 cannot run", () => {
    expect(actions.regexProblem("^/(cart|checkout)$")).toBeNull();
    expect(actions.regexProblem("(?i)sign up")).toBeNull();
    expect(actions.regexProblem("[(?=]x")).toBeNull();
    expect(actions.regexProblem("(")).toMatch(/Unterminated group|Invalid regular expression/);
    expect(actions.regexProblem("foo(?=bar)")).toBe("lookahead and lookbehind are not supported");
    expect(actions.regexProblem("(?<!x)y")).toBe("lookahead and lookbehind are not supported");
    expect(actions.regexProblem("(a)\\1")).toBe("backreferences are not supported");
  });
});

// Autocaptured elements as posthog-js writes them: clicked element first, classes sorted, attributes by key.
const SIGNUP_BUTTON =
  'a.btn.btn-primary:attr__href="/signup"href="/signup"nth-child="1"nth-of-type="1"text="Sign up";div.hero:nth-child="2"nth-of-type="1"';
const CART_BUTTON =
  'button.cta.md:flex:attr__class="cta md:flex"attr__data-attr="buy"nth-child="1"nth-of-type="1"text="Buy \\"now\\"";' +
  'form:attr__id="checkout"attr_id="checkout"nth-child="1"nth-of-type="1";body:nth-child="1"nth-of-type="1"';
const NAV_LINK =
  'span:nth-child="1"nth-of-type="1"text="Sign up";a.nav:attr__href="/SIGNUP/now"href="/SIGNUP/now"nth-child="3"nth-of-type="1";' +
  'nav:nth-child="1"nth-of-type="1";div.hero:nth-child="1"nth-of-type="1"';
const ABBR = 'abbr.btn:nth-child="1"nth-of-type="1"text="a;b=c"';

const TEAM = 11;
const PRO_PERSON = "00000000-0000-0000-0000-0000000000a1";
const rows = [
  { id: "click-signup", event: "$autocapture", chain: SIGNUP_BUTTON, props: { $current_url: "https://shop.io/landing?x=1", plan: "pro" } },
  { id: "click-cart", event: "$autocapture", chain: CART_BUTTON, props: { $current_url: "https://shop.io/cart" } },
  { id: "click-nav", event: "$autocapture", chain: NAV_LINK, props: { $current_url: "https://shop.io/Landing" } },
  { id: "pageview", event: "$pageview", chain: "", props: { $current_url: "https://shop.io/landing", plan: "free" } },
  { id: "signed-up", event: "signed_up", chain: "", props: { plan: "pro" } },
  { id: "click-abbr", event: "$autocapture", chain: ABBR, props: { $current_url: "https://shop.io/faq" } },
];

describe("actionConditionSql on chDB", () => {
  let store: EventStore;
  let closeStore: () => Promise<void>;

  beforeAll(async () => {
    const factory = await import("@/lib/events/store/open");
    closeStore = factory.closeEventStore;
    store = await factory.getEventStore();
    await store.insert(
      "events",
      rows.map((r, i) => ({
        uuid: `00000000-0000-0000-0002-00000000000${i}`,
        event: r.event,
        properties: JSON.stringify(r.props),
        elements_chain: r.chain,
        timestamp: "2024-03-01 00:00:00.000000",
        team_id: TEAM,
        distinct_id: r.id,
        // Events carry the person their distinct id had at ingestion.
        person_id: r.id === "signed-up" ? PRO_PERSON : "00000000-0000-0000-0000-000000000000",
      })),
    );
    await store.insert("person", [
      {
        id: PRO_PERSON,
        team_id: TEAM,
        properties: JSON.stringify({ email: "pro@x.io" }),
        is_identified: 1,
        created_at: "2024-01-01 00:00:00.000",
        version: 0,
      },
    ]);
  }, 60_000);
  afterAll(async () => {
    await closeStore?.();
  });

  const step = (fields: Partial<ActionStepJson>): ActionStepJson => ({
    event: null,
    properties: null,
    selector: null,
    tag_name: null,
    text: null,
    text_matching: null,
    href: null,
    href_matching: null,
    url: null,
    url_matching: "contains",
    ...fields,
  });

  async function matching(...steps: Partial<ActionStepJson>[]): Promise<string[]> {
    const params = new SqlParams({ team: TEAM });
    const action = { id: 1, name: "a", steps: steps.map((s) => actions.normalizeActionStep(step(s))) };
    const condition = actions.actionConditionSql(action, { event: "e.properties", person: persons.PERSON_PROPERTIES }, params);
    const result = await store.query<{ id: string }>(
      `SELECT e.distinct_id AS id FROM events AS e ${persons.personIdJoin("{team:Int64}")} ${persons.personPropertiesJoin("{team:Int64}")}
       WHERE e.team_id = {team:Int64} AND ${condition} ORDER BY id`,
      params.values,
    );
    return result.map((r) => r.id);
  }
  const autocapture = (fields: Partial<ActionStepJson>) => ({ event: "$autocapture", ...fields });

  test("url on $current_url: contains (default, case-sensitive), exact, regex; a missing url never matches", async () => {
    expect(await matching({ url: "landing" })).toEqual(["click-signup", "pageview"]);
    expect(await matching({ url: "landing", url_matching: null })).toEqual(["click-signup", "pageview"]);
    expect(await matching({ url: "https://shop.io/landing", url_matching: "exact" })).toEqual(["pageview"]);
    expect(await matching({ url: "/(cart|Landing)$", url_matching: "regex" })).toEqual(["click-cart", "click-nav"]);
    expect(await matching({ event: "signed_up", url: ".*", url_matching: "regex" })).toEqual([]);
  });

  test("event name, property filters (event and person), steps OR'ed, empty step and no steps", async () => {
    expect(await matching({ event: "$pageview", properties: [{ key: "plan", value: "free" }] })).toEqual(["pageview"]);
    expect(await matching({ properties: [{ key: "plan", value: "pro" }] })).toEqual(["click-signup", "signed-up"]);
    expect(await matching({ properties: [{ key: "email", value: "pro@x.io", type: "person" }] })).toEqual(["signed-up"]);
    expect(await matching({ event: "signed_up" }, { event: "$pageview" })).toEqual(["pageview", "signed-up"]);
    expect(await matching({})).toHaveLength(rows.length);
    expect(await matching()).toEqual([]);
  });

  test("text and href: exact (default), contains (case-insensitive), regex; on any element's text, the nearest href", async () => {
    expect(await matching(autocapture({ text: "Sign up" }))).toEqual(["click-nav", "click-signup"]);
    expect(await matching(autocapture({ text: 'Buy "now"' }))).toEqual(["click-cart"]);
    expect(await matching(autocapture({ text: "sign", text_matching: "contains" }))).toEqual(["click-nav", "click-signup"]);
    expect(await matching(autocapture({ text: "^Sign", text_matching: "regex" }))).toEqual(["click-nav", "click-signup"]);
    expect(await matching(autocapture({ text: "a;b=c" }))).toEqual(["click-abbr"]);
    expect(await matching(autocapture({ href: "/signup" }))).toEqual(["click-signup"]);
    expect(await matching(autocapture({ href: "signup", href_matching: "contains" }))).toEqual(["click-nav", "click-signup"]);
    expect(await matching(autocapture({ href: "^/SIGNUP", href_matching: "regex" }))).toEqual(["click-nav"]);
    expect(await matching(autocapture({ tag_name: "a" }))).toEqual(["click-nav", "click-signup"]);
    // As PostHog: element filters apply to $autocapture steps only.
    expect(await matching({ event: "$pageview", text: "nothing like it" })).toEqual(["pageview"]);
  });

  test("selectors: tag, classes, id, attributes, positions, descendant and child combinators", async () => {
    const bySelector = (selector: string) => matching(autocapture({ selector }));
    expect(await bySelector("a.btn")).toEqual(["click-signup"]);
    expect(await bySelector(".btn")).toEqual(["click-abbr", "click-signup"]);
    expect(await bySelector("a")).toEqual(["click-nav", "click-signup"]);
    expect(await bySelector("*")).toEqual(["click-abbr", "click-cart", "click-nav", "click-signup"]);
    expect(await bySelector("div.hero a")).toEqual(["click-nav", "click-signup"]);
    expect(await bySelector("div.hero > a")).toEqual(["click-signup"]);
    expect(await bySelector('div.hero > a.btn-primary.btn[href="/signup"]:nth-child(1)')).toEqual(["click-signup"]);
    expect(await bySelector("a.btn:nth-child(2)")).toEqual([]);
    expect(await bySelector("div.btn")).toEqual([]);
    expect(await bySelector("#checkout button")).toEqual(["click-cart"]);
    expect(await bySelector('[id="checkout"] > button.cta')).toEqual(["click-cart"]);
    expect(await bySelector("body form button")).toEqual(["click-cart"]);
    expect(await bySelector("body > button")).toEqual([]);
    expect(await bySelector("[data-attr='buy']")).toEqual(["click-cart"]);
    expect(await bySelector("[data-attr]")).toEqual(["click-cart"]);
    expect(await bySelector(".md\\:flex")).toEqual(["click-cart"]);
    // `md` is no class of `md:flex`, and `a` no tag of `abbr`.
    expect(await bySelector(".md")).toEqual([]);
    expect(await bySelector("abbr")).toEqual(["click-abbr"]);
    expect(await bySelector("a > span")).toEqual(["click-nav"]);
    expect(await bySelector("span")).toEqual(["click-nav"]);
    expect(await bySelector("nav span")).toEqual(["click-nav"]);
    expect(await bySelector("nav > span")).toEqual([]);
    expect(await bySelector("div.hero nav > a.nav > span")).toEqual(["click-nav"]);
  });
});

describe("loadActions", () => {
  test("a project's live actions by id; deleted, another project's, unknown or malformed ids answer PostHog's 400", async () => {
    const { getDb } = await import("@/lib/db/client");
    const schema = await import("@/lib/db/schema");
    const db = await getDb();
    const [org] = await db
      .insert(schema.organizations)
      .values({ name: "o", slug: `o-${Date.now()}` })
      .returning();
    const [mine, theirs] = await db
      .insert(schema.projects)
      .values([
        { organizationId: org.id, name: "mine", apiToken: `phc_a${Date.now()}` },
        { organizationId: org.id, name: "theirs", apiToken: `phc_b${Date.now()}` },
      ])
      .returning();
    const stored = {
      event: "$autocapture",
      properties: [{ key: "plan", value: "pro" }],
      selector: "a.btn",
      tag_name: null,
      text: "Go",
      text_matching: null,
      href: null,
      href_matching: null,
      url: "/x",
      url_matching: null,
    } satisfies ActionStepJson;
    const [live, deleted, other] = await db
      .insert(schema.actions)
      .values([
        { projectId: mine.id, name: "Live", steps: [stored] },
        { projectId: mine.id, name: "Gone", deleted: true },
        { projectId: theirs.id, name: "Theirs" },
      ])
      .returning();

    const loaded = await actions.loadActions(mine.id, [live.id, String(live.id)]);
    expect([...loaded.keys()]).toEqual([live.id]);
    expect(loaded.get(live.id)).toEqual({
      id: live.id,
      name: "Live",
      steps: [
        {
          event: "$autocapture",
          properties: { type: "AND", values: [{ key: "plan", value: "pro", operator: "exact", type: "event" }] },
          selector: "a.btn",
          tag_name: null,
          text: "Go",
          text_matching: "exact",
          href: null,
          href_matching: "exact",
          url: "/x",
          url_matching: "contains",
        },
      ],
    });
    expect((await actions.loadActions(mine.id, [])).size).toBe(0);

    const refused = async (ids: unknown[], detail: string) => {
      const error = await actions.loadActions(mine.id, ids).then(
        () => null,
        (e) => e,
      );
      expect(error?.body).toEqual({ type: "validation_error", code: "invalid_input", detail, attr: "actions" });
    };
    await refused([live.id, deleted.id], `Action ID ${deleted.id} does not exist!`);
    await refused([other.id], `Action ID ${other.id} does not exist!`);
    await refused([99_999_999], "Action ID 99999999 does not exist!");
    await refused(["abc"], "Action ID abc does not exist!");
    await refused([2 ** 40], `Action ID ${2 ** 40} does not exist!`);
    await refused([null], "Action ID cannot be None!");
  }, 60_000);
});

afterAll(async () => {
  await (await import("@/lib/db/client")).closeDb();
  rmSync(dataDir, { recursive: true, force: true });
});
