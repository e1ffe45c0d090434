import { beforeAll, describe, expect, inject, test } from "vitest";
import { signUp, type TestUser } from "../support/api";
import { captureAll, installApp, setUpApp } from "../support/apps";
import { listAllEvents, type SentEvent } from "../support/events";

const baseUrl = inject("baseUrl");

const FLATTENER = "https://github.com/PostHog/flatten-properties-plugin";
const TIMESTAMPS = "https://github.com/PostHog/timestamp-parser-plugin";
const DOWNSAMPLING = "https://github.com/PostHog/downsampling-plugin";

const install = (owner: TestUser, url: string) => installApp(owner, url, "pipeline_transformations");
const setUp = (owner: TestUser, plugin: number, config: Record<string, unknown>, order = 0) => setUpApp(owner, plugin, config, { order });
const capture = (owner: TestUser, events: SentEvent[]) => captureAll(baseUrl, owner, events);

describe("transformations run on capture, in the project's order", () => {
  let owner: TestUser;
  let other: TestUser;
  beforeAll(async () => {
    [owner, other] = await Promise.all([signUp(baseUrl), signUp(baseUrl)]);
  });

  test("the flattener and the timestamp parser change stored events; another project's events are untouched", async () => {
    const flattener = await setUp(owner, await install(owner, FLATTENER), { separator: "__" }, 1);
    await setUp(owner, await install(owner, TIMESTAMPS), {}, 2);
    const nested = { product: { name: "AZ12", size: { number: 12 } } };
    const timestamp = "2021-01-27T10:30:03.557Z";
    await capture(owner, [{ event: "purchase", distinct_id: "buyer", properties: nested, timestamp }]);
    await capture(other, [{ event: "purchase", distinct_id: "buyer", properties: nested, timestamp }]);

    const [stored] = await listAllEvents(owner, { event: "purchase" });
    expect(stored.properties).toMatchObject({
      ...nested,
      product__name: "AZ12",
      product__size__number: 12,
      day_of_the_week: "Wednesday",
      day: 27,
      month: 1,
      year: 2021,
      hour: 10,
      minute: 30,
    });
    const [untouched] = await listAllEvents(other, { event: "purchase" });
    expect(untouched.properties).not.toHaveProperty("product__name");
    expect(untouched.properties).not.toHaveProperty("day_of_the_week");

    // Disabled: the next event is stored as sent.
    const off = await owner.session.patch(`/api/projects/${owner.projectId}/plugin_configs/${flattener}/`, { enabled: false });
    expect(off.status).toBe(200);
    await capture(owner, [{ event: "after", distinct_id: "buyer", properties: nested, timestamp }]);
    const [after] = await listAllEvents(owner, { event: "after" });
    expect(after.properties).not.toHaveProperty("product__name");
    expect(after.properties).toHaveProperty("day_of_the_week", "Wednesday");
  });

  test("downsampling by distinct id drops whole users, answered as taken, and keeps the others' events", async () => {
    const owner = await signUp(baseUrl);
    await setUp(owner, await install(owner, DOWNSAMPLING), { percentage: "50", samplingMethod: "Distinct ID aware sampling" });
    const users = Array.from({ length: 40 }, (_, i) => `user-${i}`);
    const sent = users.flatMap((id) => [1, 2, 3].map((n) => ({ event: `step-${n}`, distinct_id: id })));
    const answer = await capture(owner, sent);
    expect(answer).toEqual({ status: 1 });
    const stored = await listAllEvents(owner);
    const keptUsers = new Set(stored.map((event) => event.distinct_id));
    expect(keptUsers.size).toBeGreaterThan(5);
    expect(keptUsers.size).toBeLessThan(35);
    // A kept user's three events all stay: the choice is by distinct id.
    expect(stored.length).toBe(keptUsers.size * 3);
  });

  test("settings it cannot run with are a 400 on their field when enabling; disabled, they may be saved", async () => {
    const owner = await signUp(baseUrl);
    const plugin = await install(owner, DOWNSAMPLING);
    const configs = `/api/projects/${owner.projectId}/plugin_configs/`;
    for (const [config, attr] of [
      [{ percentage: "150" }, "config__percentage"],
      [{ percentage: "half" }, "config__percentage"],
      [{ percentage: "50", samplingMethod: "Every other" }, "config__samplingMethod"],
    ] as const) {
      const refused = await owner.session.post(configs, { plugin, enabled: true, config });
      expect(refused.status, JSON.stringify(config)).toBe(400);
      expect(refused.body).toMatchObject({ type: "validation_error", code: "invalid", attr });
    }
    const draft = await owner.session.post(configs, { plugin, enabled: false, config: { percentage: "150" } });
    expect(draft.status).toBe(201);
    const enable = await owner.session.patch(`${configs}${draft.body.id}/`, { enabled: true });
    expect(enable.status).toBe(400);
    expect(enable.body.attr).toBe("config__percentage");
    const flattener = await install(owner, FLATTENER);
    const badSeparator = await owner.session.post(configs, { plugin: flattener, enabled: true, config: { separator: "+" } });
    expect(badSeparator.body).toMatchObject({ code: "invalid", attr: "config__separator" });
    // Nothing was dropped by the refused set-ups.
    await capture(owner, [{ event: "kept", distinct_id: "anyone" }]);
    expect(await listAllEvents(owner, { event: "kept" })).toHaveLength(1);
  });
});

const GEOIP = "https://github.com/PostHog/posthog-plugin-geoip";
const USER_AGENT = "https://github.com/PostHog/user-agent-plugin";
const BOT_FILTER = "https://github.com/PostHog/bot-filter-plugin";
const URL_NORMALIZER = "https://github.com/PostHog/posthog-url-normalizer-plugin";
const PROPERTY_FILTER = "https://github.com/PostHog/property-filter-plugin";
const CHROME_MAC = "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36";
const GOOGLEBOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";

describe("GeoIP, User Agent Populator, Bot Filter, URL Normalizer and Property Filter on capture", () => {
  test("GeoIP and the user agent populator enrich stored events; private IPs are not located; B is untouched", async () => {
    const [owner, other] = await Promise.all([signUp(baseUrl), signUp(baseUrl)]);
    await setUp(owner, await install(owner, GEOIP), {}, 1);
    await setUp(owner, await install(owner, USER_AGENT), { overrideUserAgentDetails: "false" }, 2);
    // Project B installs GeoIP too, switched off: neither A's apps nor B's disabled one touch its events.
    const otherGeoip = await install(other, GEOIP);
    const off = await other.session.post(`/api/projects/${other.projectId}/plugin_configs/`, {
      plugin: otherGeoip,
      enabled: false,
      config: {},
    });
    expect(off.status).toBe(201);
    const sent = [
      { event: "visit", distinct_id: "v", properties: { $ip: "8.8.8.8", $raw_user_agent: CHROME_MAC } },
      { event: "private", distinct_id: "v", properties: { $ip: "10.0.0.7" } },
      { event: "opted-out", distinct_id: "v", properties: { $ip: "8.8.8.8", $geoip_disable: true } },
    ];
    await capture(owner, sent);
    await capture(other, sent);

    const [visit] = await listAllEvents(owner, { event: "visit" });
    expect(visit.properties).toMatchObject({
      $ip: "8.8.8.8",
      $geoip_country_code: "US",
      $geoip_country_name: "United States",
      $geoip_continent_code: "NA",
      $browser: "Chrome",
      $browser_version: 120,
      $os: "Mac OS X",
      $device_type: "Desktop",
    });
    expect(visit.properties.$set).toMatchObject({ $geoip_country_code: "US" });
    expect(visit.properties.$set_once).toMatchObject({ $initial_geoip_country_code: "US" });
    const [privateOne] = await listAllEvents(owner, { event: "private" });
    expect(Object.keys(privateOne.properties).filter((key) => key.includes("geoip"))).toEqual([]);
    const [optedOut] = await listAllEvents(owner, { event: "opted-out" });
    expect(optedOut.properties).not.toHaveProperty("$geoip_country_code");

    const [untouched] = await listAllEvents(other, { event: "visit" });
    expect(untouched.properties).not.toHaveProperty("$geoip_country_code");
    expect(untouched.properties).not.toHaveProperty("$browser");
  });

  test("the bot filter drops bots, the URL normalizer and property filter rewrite the rest; B keeps all as sent", async () => {
    const [owner, other] = await Promise.all([signUp(baseUrl), signUp(baseUrl)]);
    await setUp(owner, await install(owner, BOT_FILTER), {}, 1);
    await setUp(owner, await install(owner, URL_NORMALIZER), {}, 2);
    await setUp(owner, await install(owner, PROPERTY_FILTER), { properties: "email,$set.email" }, 3);
    const sent = [
      { event: "crawl", distinct_id: "bot", properties: { $raw_user_agent: GOOGLEBOT } },
      {
        event: "$pageview",
        distinct_id: "human",
        properties: {
          $raw_user_agent: CHROME_MAC,
          $current_url: "HTTPS://Shop.Example/Cart/",
          email: "a@b.c",
          $set: { email: "a@b.c", plan: "pro" },
        },
      },
      { event: "odd-url", distinct_id: "human", properties: { $current_url: "not a url" } },
    ];
    expect(await capture(owner, sent)).toEqual({ status: 1 });
    await capture(other, sent);

    expect(await listAllEvents(owner, { event: "crawl" })).toHaveLength(0);
    const [view] = await listAllEvents(owner, { event: "$pageview" });
    expect(view.properties.$current_url).toBe("https://shop.example/cart");
    expect(view.properties).not.toHaveProperty("email");
    expect(view.properties.$set).toEqual({ plan: "pro" });
    // A URL the normalizer cannot read is logged and the event kept as sent.
    const [odd] = await listAllEvents(owner, { event: "odd-url" });
    expect(odd.properties.$current_url).toBe("not a url");

    expect(await listAllEvents(other, { event: "crawl" })).toHaveLength(1);
    const [asSent] = await listAllEvents(other, { event: "$pageview" });
    expect(asSent.properties).toMatchObject({ $current_url: "HTTPS://Shop.Example/Cart/", email: "a@b.c" });
  });

  test("the new apps' settings are checked when enabling: a 400 on their field", async () => {
    const owner = await signUp(baseUrl);
    const configs = `/api/projects/${owner.projectId}/plugin_configs/`;
    const filter = await install(owner, PROPERTY_FILTER);
    const agent = await install(owner, USER_AGENT);
    for (const [plugin, config, attr, code] of [
      [filter, { properties: "" }, "config__properties", "required"],
      [filter, { properties: "a..b" }, "config__properties", "invalid"],
      [filter, { properties: Array.from({ length: 101 }, (_, i) => `p${i}`).join(",") }, "config__properties", "invalid"],
      [agent, { overrideUserAgentDetails: "maybe" }, "config__overrideUserAgentDetails", "invalid"],
      [agent, { enableSegmentAnalyticsJs: "1" }, "config__enableSegmentAnalyticsJs", "invalid"],
    ] as const) {
      const refused = await owner.session.post(configs, { plugin, enabled: true, config });
      expect(refused.status, JSON.stringify(config)).toBe(400);
      expect(refused.body).toMatchObject({ type: "validation_error", code, attr });
    }
    await capture(owner, [{ event: "kept", distinct_id: "anyone", properties: { email: "x" } }]);
    const [kept] = await listAllEvents(owner, { event: "kept" });
    expect(kept.properties.email).toBe("x");
  });
});
