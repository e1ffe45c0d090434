import { describe, expect, test } from "vitest";
import type { CapturedEvent } from "@/lib/ingestion/types";
import { ConfigProblem } from "./kinds";
import { botFilter, parsedAgents, userAgentPopulator } from "./user-agent";
import { pageview } from "./test-event";

const event = pageview;
const CHROME_MAC = "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36";
const SAFARI_IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Mobile/15E148 Safari/604.1";
const GOOGLEBOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";

describe("User Agent Populator", () => {
  const populate = userAgentPopulator.prepare({}) as (e: CapturedEvent) => CapturedEvent;

  test("browser, version, OS and device type from $raw_user_agent, in posthog-js's names", () => {
    expect(populate(event({ $raw_user_agent: CHROME_MAC })).properties).toMatchObject({
      $browser: "Chrome",
      $browser_version: 120,
      $os: "Mac OS X",
      $device_type: "Desktop",
    });
    expect(populate(event({ $useragent: SAFARI_IPHONE })).properties).toMatchObject({
      $browser: "Mobile Safari",
      $browser_version: 17.1,
      $os: "iOS",
      $device_type: "Mobile",
    });
  });

  test("existing browser properties are kept unless overriding is on; no user agent, no change", () => {
    const sent = event({ $raw_user_agent: CHROME_MAC, $browser: "Custom" });
    expect(populate(sent)).toBe(sent);
    const override = userAgentPopulator.prepare({ overrideUserAgentDetails: "true" }) as (e: CapturedEvent) => CapturedEvent;
    expect(override(sent).properties.$browser).toBe("Chrome");
    const bare = event({ other: 1 });
    expect(populate(bare)).toBe(bare);
    const huge = event({ $raw_user_agent: "x".repeat(5_000) });
    expect(populate(huge)).toBe(huge);
  });

  test("parsed user agents are remembered up to a bound, the oldest forgotten", () => {
    const first = populate(event({ $raw_user_agent: CHROME_MAC })).properties.$browser;
    expect(parsedAgents.has(CHROME_MAC)).toBe(true);
    const limit = parsedAgents.max;
    for (let i = 0; i < limit; i++) populate(event({ $raw_user_agent: `${SAFARI_IPHONE} build/${i}` }));
    expect(parsedAgents.size).toBe(limit);
    expect(parsedAgents.has(CHROME_MAC)).toBe(false);
    // Parsed again once forgotten, to the same answer.
    expect(populate(event({ $raw_user_agent: CHROME_MAC })).properties.$browser).toBe(first);
  });

  test("segment_userAgent is read only when asked; unknown choices are refused", () => {
    const segment = event({ segment_userAgent: CHROME_MAC });
    expect(populate(segment)).toBe(segment);
    const reading = userAgentPopulator.prepare({ enableSegmentAnalyticsJs: "true" }) as (e: CapturedEvent) => CapturedEvent;
    expect(reading(segment).properties.$browser).toBe("Chrome");
    expect(() => userAgentPopulator.prepare({ overrideUserAgentDetails: "yes" })).toThrow(ConfigProblem);
    expect(() => userAgentPopulator.prepare({ enableSegmentAnalyticsJs: "1" })).toThrow(ConfigProblem);
  });
});

test("Bot Filter drops events from bots, keeps browsers and events without a user agent", () => {
  const filter = botFilter.prepare({});
  expect(filter(event({ $raw_user_agent: GOOGLEBOT }))).toBeNull();
  expect(filter(event({ $useragent: "curl/8.4.0" }))).toBeNull();
  expect(filter(event({ $raw_user_agent: "HeadlessChrome/120.0" }))).toBeNull();
  expect(filter(event({ $raw_user_agent: CHROME_MAC }))).not.toBeNull();
  expect(filter(event({ $raw_user_agent: SAFARI_IPHONE }))).not.toBeNull();
  expect(filter(event({}))).not.toBeNull();
});
