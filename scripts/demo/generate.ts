// Demo data: product-analytics traffic of a made-up SaaS over the last 90 days, as its web SDK would capture it.
// Deterministic from a seed and an end time. Each visitor is simulated on its own (its PRNG seeded from the
// seed and its index), so a smaller demo is a prefix of a bigger one and 10M events never sit in memory.
// Kept in one module past the house size: a visitor's simulation reads top to bottom as one story.
import {
  APP_HOST,
  APP_PAGES,
  COMPANIES,
  type Company,
  COMPANY_DOMAIN,
  COUNTRIES,
  type Country,
  DEVICES,
  type DeviceKind,
  FIRST_NAMES,
  FIRST_SOURCES,
  FREE_MAIL,
  HOUR_WEIGHTS,
  LAST_NAMES,
  LIB_VERSION,
  NEXT_MARKETING_PAGE,
  PHONES,
  PLANS,
  PRODUCT_HUNT,
  RETURN_SOURCES,
  SITE_HOST,
  type Source,
  TEST_HOST,
  WEEKDAY_WEIGHTS,
} from "./catalog";
import { mixSeed, Random, Weighted } from "./random";

/** One event in the shape posthog-node puts in a `/batch/` request. */
export interface DemoEvent {
  uuid: string;
  event: string;
  distinct_id: string;
  /** ISO 8601, UTC. */
  timestamp: string;
  properties: Record<string, unknown>;
}

export interface DemoOptions {
  /** Events to generate (default 100,000). */
  events?: number;
  seed?: number;
  /** The end of the window; the data covers the `days` before it. */
  now: Date | number;
  days?: number;
  /** Events per yielded batch (default 500). */
  batchSize?: number;
}

export const DEMO_DEFAULTS = { events: 100_000, seed: 1, days: 90, batchSize: 500 } as const;

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

interface Window {
  start: number;
  end: number;
  /** A launch day (Product Hunt) with a traffic spike, 70% into the window. */
  launchDay: number;
}

/** The demo, in batches of `batchSize` events: each visitor's events in time order, visitors one after another. */
export function* generateDemoEvents(options: DemoOptions): Generator<DemoEvent[]> {
  const target = options.events ?? DEMO_DEFAULTS.events;
  const seed = options.seed ?? DEMO_DEFAULTS.seed;
  const batchSize = options.batchSize ?? DEMO_DEFAULTS.batchSize;
  const end = typeof options.now === "number" ? options.now : options.now.getTime();
  const start = end - (options.days ?? DEMO_DEFAULTS.days) * DAY;
  const window: Window = { start, end, launchDay: Math.floor((start + (end - start) * 0.7) / DAY) };
  let batch: DemoEvent[] = [];
  let emitted = 0;
  for (let index = 0; emitted < target; index++) {
    // The last visitor is cut short: a prefix of someone's history is still a consistent history.
    for (const event of simulateVisitor(seed, index, window)) {
      if (emitted === target) break;
      batch.push(event);
      emitted++;
      if (batch.length === batchSize) {
        yield batch;
        batch = [];
      }
    }
  }
  if (batch.length) yield batch;
}

/** Traffic weight of a moment: growing over the window, quieter at night and on weekends, a spike on launch day. */
export function trafficWeight(ms: number, window: Window): number {
  const date = new Date(ms);
  const growth = 0.55 + 0.45 * ((ms - window.start) / (window.end - window.start));
  const launch = Math.floor(ms / DAY) === window.launchDay ? 2.5 : 1;
  return growth * WEEKDAY_WEIGHTS[date.getUTCDay()] * HOUR_WEIGHTS[date.getUTCHours()] * launch;
}

const MAX_TRAFFIC_WEIGHT = 2.5;

function sampleFirstVisit(random: Random, window: Window): number {
  for (;;) {
    const ms = window.start + random.next() * (window.end - window.start);
    if (random.next() * MAX_TRAFFIC_WEIGHT < trafficWeight(ms, window)) return Math.floor(ms);
  }
}

const HOURS = new Weighted(HOUR_WEIGHTS.map((weight, hour) => [hour, weight] as const));

/** When someone comes back, `meanDays` later on average, at an hour people use the product, weekends skipped half the time. */
function nextVisit(random: Random, after: number, meanDays: number): number {
  let day = Math.floor((after + random.exponential(meanDays * DAY)) / DAY);
  if (WEEKDAY_WEIGHTS[new Date(day * DAY).getUTCDay()] < 0.6 && random.chance(0.5)) day += 1;
  const ms = day * DAY + HOURS.sample(random) * HOUR + random.int(0, HOUR - 1);
  return ms > after ? ms : after + random.int(1, 3) * HOUR;
}

/** Staff's local builds are served over plain HTTP. */
const pageUrl = (host: string, path: string) => `${host === TEST_HOST ? "http" : "https"}://${host}${path}`;

interface Browser {
  deviceId: string;
  kind: DeviceKind;
  properties: Record<string, unknown>;
}

function openBrowser(random: Random, kind: DeviceKind, country: Country, firstSeen: number): Browser {
  const [browser, minVersion, maxVersion] = kind.browsers.sample(random);
  const [width, height] = random.pick(kind.screens);
  return {
    deviceId: random.uuidV7(firstSeen),
    kind,
    properties: {
      $os: kind.os[0],
      $os_version: random.pick(kind.os[1]),
      $browser: browser,
      $browser_version: random.int(minVersion, maxVersion),
      $device_type: kind.type,
      $screen_width: width,
      $screen_height: height,
      $viewport_width: kind.type === "Desktop" ? width - random.int(0, 120) : width,
      $viewport_height: height - random.int(60, 180),
      $browser_language: country.language,
      $geoip_country_code: country.code,
      $geoip_country_name: country.name,
      $geoip_city_name: random.pick(country.cities),
    },
  };
}

interface Person {
  distinctId: string;
  email: string;
  name: string;
  company: Company | null;
}

function makePerson(random: Random, isTest: boolean, index: number): Person {
  const first = random.pick(FIRST_NAMES);
  const last = random.pick(LAST_NAMES);
  const local = `${first}.${last}`.toLowerCase().replace(/[^a-z.]/g, "");
  if (isTest) {
    return {
      distinctId: random.uuidV4(),
      email: `qa+${index}@${COMPANY_DOMAIN}`,
      name: `QA ${first}`,
      company: { name: "Hedgerow Demo", domain: COMPANY_DOMAIN },
    };
  }
  const company = random.chance(0.7) ? random.pick(COMPANIES) : null;
  const email = company ? `${local}@${company.domain}` : `${local}${random.int(1, 999)}@${random.pick(FREE_MAIL)}`;
  return { distinctId: random.uuidV4(), email, name: `${first} ${last}`, company };
}

/** Builds one visitor's events: sessions on one or two browsers, their journey from first visit to paying. */
class Visitor {
  readonly events: DemoEvent[] = [];
  /** Who the browser currently reports as (anonymous device id, then the user's id once identified). */
  private distinctId = "";
  private session: Record<string, unknown> = {};
  private t = 0;
  private host = SITE_HOST;
  private page = "/";
  private groups: Record<string, string> | null = null;

  constructor(
    private readonly random: Random,
    private readonly window: Window,
  ) {}

  get now() {
    return this.t;
  }

  /** Starts a session at `at` on `browser`, arriving from `source` on `landing`. */
  startSession(browser: Browser, distinctId: string, at: number, source: Source, landing: string, host: string) {
    this.distinctId = distinctId;
    this.t = at;
    this.host = host;
    // Groups live in the browser's storage: a fresh (anonymous) browser has none.
    if (distinctId === browser.deviceId) this.groups = null;
    const sessionId = this.random.uuidV7(at);
    this.session = {
      ...browser.properties,
      $referrer: source.referrer,
      $referring_domain: source.referringDomain,
      ...source.utm,
      $session_id: sessionId,
      $window_id: this.random.uuidV7(at),
      $device_id: browser.deviceId,
      $lib: "web",
      $lib_version: LIB_VERSION,
    };
    this.pageview(landing, host);
  }

  /** Time passes while the visitor reads or works. */
  wait(meanSeconds: number) {
    this.t += Math.max(1, Math.round(this.random.exponential(meanSeconds * SECOND)));
  }

  pageview(path: string, host = this.host) {
    this.host = host;
    this.page = path;
    this.capture("$pageview", {});
  }

  capture(event: string, properties: Record<string, unknown>) {
    if (this.t > this.window.end) return;
    this.events.push({
      uuid: this.random.uuidV4(),
      event,
      distinct_id: this.distinctId,
      timestamp: new Date(this.t).toISOString(),
      properties: {
        ...this.session,
        $current_url: pageUrl(this.host, this.page),
        $host: this.host,
        $pathname: this.page,
        ...(this.groups && event !== "$pageview" ? { $groups: this.groups } : {}),
        ...properties,
      },
    });
    this.t += this.random.int(20, 900); // the SDK's own latency between events
  }

  /** An event the product's backend sends with posthog-node: no browser, no session. */
  captureFromServer(at: number, distinctId: string, event: string, properties: Record<string, unknown>) {
    if (at > this.window.end) return;
    this.events.push({
      uuid: this.random.uuidV4(),
      event,
      distinct_id: distinctId,
      timestamp: new Date(at).toISOString(),
      properties: { ...properties, $lib: "posthog-node", $lib_version: "5.70.0", $is_server: true },
    });
  }

  /** Ends the session the way posthog-js does: a `$pageleave` for the page being left. */
  endSession() {
    this.wait(40);
    this.capture("$pageleave", {});
  }

  /** `posthog.identify()`: the browser's anonymous id joins the user's person, with their properties. */
  identify(person: Person, setOnce: Record<string, unknown> | null) {
    const anonymous = this.distinctId;
    this.distinctId = person.distinctId;
    this.capture("$identify", {
      $anon_distinct_id: anonymous,
      $set: { email: person.email, name: person.name, ...(person.company ? { company: person.company.name } : {}) },
      ...(setOnce ? { $set_once: setOnce } : {}),
    });
    if (person.company) {
      this.groups = { company: person.company.domain };
      this.capture("$groupidentify", {
        $group_type: "company",
        $group_key: person.company.domain,
        $group_set: { name: person.company.name },
      });
    }
  }

  /** Browses the marketing site for a few pages. */
  browseSite(pages: number) {
    for (let i = 0; i < pages; i++) {
      this.wait(50);
      this.pageview(NEXT_MARKETING_PAGE.sample(this.random), this.host === APP_HOST ? SITE_HOST : this.host);
    }
  }

  /** Works in the app for a while: pages, dashboards, insights. */
  useApp(pages: number, appHost: string) {
    for (let i = 0; i < pages; i++) {
      this.wait(70);
      const page = this.random.pick(APP_PAGES);
      this.pageview(page, appHost);
      if (page === "/app/dashboard" && this.random.chance(0.6))
        this.capture("dashboard_viewed", { dashboard: this.random.pick(["Overview", "Growth", "Revenue", "Activation"]) });
      if (page === "/app/insights/new" && this.random.chance(0.5)) {
        this.wait(90);
        this.capture("insight_created", { insight_type: this.random.pick(["trends", "trends", "funnels", "retention", "paths"]) });
      }
    }
  }
}

/** Everything one visitor does, in time order. */
export function simulateVisitor(seed: number, index: number, window: Window): DemoEvent[] {
  const random = new Random(mixSeed(seed, index));
  const visitor = new Visitor(random, window);
  const firstVisit = sampleFirstVisit(random, window);
  const country = COUNTRIES.sample(random);
  const browser = openBrowser(random, DEVICES.sample(random), country, firstVisit);
  const onLaunchDay = Math.floor(firstVisit / DAY) === window.launchDay && random.chance(0.5);
  const source = onLaunchDay ? PRODUCT_HUNT : FIRST_SOURCES.sample(random);
  // Staff and QA: sign up, poke around, often from a local build.
  const isTest = random.chance(0.012);
  const signsUp = isTest || random.chance(source.signupRate);
  const signupSession = signsUp ? (random.chance(0.55) ? 0 : random.int(1, 3)) : -1;
  const host = isTest && random.chance(0.6) ? TEST_HOST : SITE_HOST;
  const appHost = host === TEST_HOST ? TEST_HOST : APP_HOST;

  // Anonymous visits until (and including) the one where they sign up.
  let at = firstVisit;
  let sessionSource = source;
  const firstLanding = random.pick(source.landing);
  for (let session = 0; ; session++) {
    const landing = session === 0 ? firstLanding : random.pick(sessionSource.landing);
    visitor.startSession(browser, browser.deviceId, at, sessionSource, landing, host);
    visitor.browseSite(Math.min(7, Math.floor(random.exponential(2.2))));
    if (session === signupSession) break;
    visitor.endSession();
    if (signupSession < 0 && !random.chance(session === 0 ? 0.3 : 0.4)) return visitor.events;
    at = nextVisit(random, visitor.now, 6);
    if (at > window.end) return visitor.events;
    sessionSource = RETURN_SOURCES.sample(random);
  }

  // Signing up: pricing maybe, the form, then posthog.identify() merges the anonymous history into the user.
  if (random.chance(0.5)) {
    visitor.wait(40);
    visitor.pageview("/pricing");
  }
  visitor.wait(30);
  visitor.pageview("/signup");
  visitor.wait(60);
  const person = makePerson(random, isTest, index);
  visitor.identify(person, {
    $initial_referrer: source.referrer,
    $initial_referring_domain: source.referringDomain,
    $initial_utm_source: source.utm?.utm_source ?? null,
    $initial_current_url: pageUrl(host, firstLanding),
  });
  visitor.capture("signed_up", { signup_method: random.pick(["email", "email", "google", "github"]), plan: "free" });
  visitor.pageview("/app/onboarding", appHost);

  // Activation and revenue, each step only for some of those who made the previous one.
  const onboards = random.chance(isTest ? 0.9 : 0.62);
  const createsProject = onboards && random.chance(0.8);
  const invites = createsProject && random.chance(0.35);
  const upgrades = createsProject && !isTest && random.chance(0.28);
  const [plan, monthly] = PLANS.sample(random);
  const annual = random.chance(0.25);
  const amount = annual ? monthly * 10 : monthly;
  const engagement = onboards ? (createsProject ? 0.88 : 0.6) : 0.25;

  let onboarded = false;
  let projectCreated = false;
  let invited = false;
  let upgradedAt = 0;
  let phoneIdentified = false;
  const usesPhone = random.chance(0.2);
  for (let userSession = 0; userSession < 80; userSession++) {
    if (userSession > 0) {
      if (!random.chance(engagement)) break;
      at = nextVisit(random, visitor.now, createsProject ? 3 : 7);
      if (at > window.end) break;
      if (usesPhone && !phoneIdentified && userSession >= 2) {
        // On their phone the SDK starts anonymous again; logging in identifies the new device id too.
        phoneIdentified = true;
        const phone = openBrowser(random, PHONES.sample(random), country, at);
        visitor.startSession(phone, phone.deviceId, at, RETURN_SOURCES.sample(random), "/", SITE_HOST);
        visitor.wait(20);
        visitor.pageview("/login");
        visitor.wait(30);
        visitor.identify(person, null);
        visitor.useApp(random.int(1, 4), APP_HOST);
        visitor.endSession();
        continue;
      }
      visitor.startSession(browser, person.distinctId, at, RETURN_SOURCES.sample(random), "/app/dashboard", appHost);
    }
    if (onboards && !onboarded && (userSession > 0 || random.chance(0.8))) {
      visitor.wait(150);
      visitor.capture("onboarding_completed", { steps_completed: 4, duration_seconds: random.int(60, 900) });
      onboarded = true;
    }
    if (onboarded && createsProject && !projectCreated) {
      visitor.wait(45);
      visitor.pageview("/app/projects/new", appHost);
      visitor.wait(60);
      visitor.capture("project_created", { project_type: random.pick(["web", "web", "mobile", "backend"]) });
      projectCreated = true;
    }
    visitor.useApp(random.int(1, 8), appHost);
    if (projectCreated && invites && !invited && random.chance(0.5)) {
      visitor.wait(40);
      visitor.pageview("/app/settings/members", appHost);
      visitor.capture("invited_teammate", {
        invitee_count: random.chance(0.7) ? 1 : random.int(2, 5),
        role: random.pick(["member", "member", "admin"]),
      });
      invited = true;
    }
    if (projectCreated && upgrades && !upgradedAt && userSession >= 1 && random.chance(0.45)) {
      visitor.wait(60);
      visitor.pageview("/app/billing", appHost);
      visitor.wait(90);
      visitor.capture("upgraded_plan", { plan, previous_plan: "free", billing_period: annual ? "annual" : "monthly", $set: { plan } });
      visitor.wait(5);
      visitor.capture("purchase", { amount, currency: "USD", plan, billing_period: annual ? "annual" : "monthly" });
      upgradedAt = visitor.now;
    }
    visitor.endSession();
  }

  // Renewals, charged by the backend (posthog-node) for monthly plans while the window lasts.
  if (upgradedAt && !annual) {
    for (let renewal = upgradedAt + 30 * DAY; renewal <= window.end && random.chance(0.93); renewal += 30 * DAY)
      visitor.captureFromServer(renewal, person.distinctId, "purchase", {
        amount,
        currency: "USD",
        plan,
        billing_period: "monthly",
        renewal: true,
      });
  }
  return visitor.events.sort((a, b) => (a.timestamp < b.timestamp ? -1 : a.timestamp > b.timestamp ? 1 : 0));
}
