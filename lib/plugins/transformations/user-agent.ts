import Bowser from "bowser";
import { isbot } from "isbot";
import { LRUCache } from "lru-cache";
import { type BuiltInTransformation, booleanChoice, userAgentOf } from "./kinds";

/** Where a user agent is read from: posthog-js's raw header first, then the one server libraries send. */
const USER_AGENT_KEYS = ["$raw_user_agent", "$useragent"] as const;
/** A header longer than this is not a browser's; parsing it is skipped (bounds the regular expressions' work). */
const MAX_USER_AGENT_CHARS = 2_000;

// posthog-js's names where Bowser's differ, so events from both sources group together.
const OS_NAMES: Record<string, string> = { macOS: "Mac OS X" };
const DEVICE_TYPES: Record<string, string> = { desktop: "Desktop", mobile: "Mobile", tablet: "Tablet", tv: "TV" };

/** Browsers send a few thousand distinct headers at most, each many times: each is parsed once while it keeps coming. */
export const parsedAgents = new LRUCache<string, Record<string, string | number>>({ max: 5_000 });

/** `$browser`, `$browser_version`, `$os` and `$device_type` as posthog-js sets them, from a user agent header. */
function userAgentDetails(userAgent: string): Record<string, string | number> {
  let details = parsedAgents.get(userAgent);
  if (!details) {
    details = parseUserAgent(userAgent);
    parsedAgents.set(userAgent, details);
  }
  return details;
}

function parseUserAgent(userAgent: string): Record<string, string | number> {
  const parsed = Bowser.parse(userAgent);
  const details: Record<string, string | number> = {};
  const { browser, os, platform } = parsed;
  if (browser.name) {
    const mobileSafari = browser.name === "Safari" && os.name === "iOS";
    details.$browser = mobileSafari ? "Mobile Safari" : browser.name;
    const version = Number.parseFloat(browser.version ?? "");
    if (Number.isFinite(version)) details.$browser_version = version;
  }
  if (os.name) details.$os = OS_NAMES[os.name] ?? os.name;
  if (os.version) details.$os_version = os.version;
  const deviceType = platform.type && DEVICE_TYPES[platform.type];
  if (deviceType) details.$device_type = deviceType;
  return details;
}

/** PostHog's "User Agent Populator": browser, OS and device from the user agent, unless the event already has them. */
export const userAgentPopulator: BuiltInTransformation = {
  prepare(config) {
    const override = booleanChoice(config, "overrideUserAgentDetails", false);
    const segment = booleanChoice(config, "enableSegmentAnalyticsJs", false);
    const keys = segment ? ["segment_userAgent", ...USER_AGENT_KEYS] : USER_AGENT_KEYS;
    return (event) => {
      const userAgent = userAgentOf(event.properties, keys);
      if (!userAgent || userAgent.length > MAX_USER_AGENT_CHARS) return event;
      const has = (key: string) => event.properties[key] !== undefined && event.properties[key] !== null;
      if (!override && (has("$browser") || has("$browser_version") || has("$os"))) return event;
      // In place, as GeoIP: the event is its request's own.
      Object.assign(event.properties, userAgentDetails(userAgent));
      return event;
    };
  },
};

/** Drops events sent by crawlers, monitors and other bots, by their user agent (the `isbot` list); events without one are kept. */
export const botFilter: BuiltInTransformation = {
  prepare: () => (event) => {
    const userAgent = userAgentOf(event.properties, USER_AGENT_KEYS);
    return userAgent && isbot(userAgent.slice(0, MAX_USER_AGENT_CHARS)) ? null : event;
  },
};
