// The demo product's world: where visitors come from, what they browse on, where they are, who they are.
import { Weighted } from "./random";

export const SITE_HOST = "www.hedgerow-demo.com";
export const APP_HOST = "app.hedgerow-demo.com";
/** Staff and QA use the company's domain (and often a local build): what "filter out test accounts" keys on. */
export const COMPANY_DOMAIN = "hedgerow-demo.com";
export const TEST_HOST = "localhost:3000";
export const LIB_VERSION = "1.449.2";

export interface Source {
  referrer: string;
  referringDomain: string;
  utm?: { utm_source: string; utm_medium: string; utm_campaign?: string };
  /** Pages such visitors land on. */
  landing: readonly string[];
  /** How likely a first-time visitor from here signs up at all. */
  signupRate: number;
}

const BLOG = [
  "/blog/what-is-product-analytics",
  "/blog/funnels-that-convert",
  "/blog/retention-cohorts-explained",
  "/blog/self-hosting-analytics",
  "/blog/event-naming-guide",
  "/blog/how-we-built-hedgerow",
] as const;
const DOCS = ["/docs", "/docs/getting-started", "/docs/sdks/javascript", "/docs/sdks/node", "/docs/api", "/docs/self-host"] as const;

export const MARKETING_PAGES = [
  "/",
  "/pricing",
  "/features",
  "/features/analytics",
  "/features/funnels",
  "/customers",
  "/about",
  "/changelog",
  "/blog",
  ...BLOG,
  ...DOCS,
] as const;

export const APP_PAGES = [
  "/app/dashboard",
  "/app/dashboard",
  "/app/insights",
  "/app/insights/new",
  "/app/events",
  "/app/persons",
  "/app/funnels",
  "/app/settings/project",
] as const;

const source = (referrer: string, landing: readonly string[], signupRate: number, utm?: Source["utm"]): Source => ({
  referrer,
  referringDomain: referrer === "$direct" ? "$direct" : new URL(referrer).hostname,
  landing,
  signupRate,
  utm,
});

export const DIRECT = source("$direct", ["/", "/", "/pricing", "/docs"], 0.12);
export const GOOGLE = source("https://www.google.com/", [...BLOG, ...DOCS, "/", "/features/analytics"], 0.07);
export const NEWSLETTER = source("$direct", ["/changelog", ...BLOG.slice(0, 3)], 0.16, {
  utm_source: "newsletter",
  utm_medium: "email",
  utm_campaign: "monthly-digest",
});
export const PRODUCT_HUNT = source("https://www.producthunt.com/", ["/"], 0.14, { utm_source: "producthunt", utm_medium: "referral" });

export const FIRST_SOURCES = new Weighted<Source>([
  [DIRECT, 28],
  [GOOGLE, 27],
  [source("https://www.bing.com/", [...BLOG, "/"], 0.06), 3],
  [source("https://duckduckgo.com/", [...DOCS, "/"], 0.07), 2],
  [source("https://news.ycombinator.com/", BLOG, 0.05), 6],
  [source("https://t.co/", ["/", ...BLOG], 0.05, { utm_source: "twitter", utm_medium: "social" }), 6],
  [source("https://www.linkedin.com/", ["/", "/customers"], 0.06, { utm_source: "linkedin", utm_medium: "social" }), 5],
  [source("https://www.reddit.com/", BLOG, 0.04), 3],
  [source("https://github.com/", DOCS, 0.1), 5],
  [source("https://www.google.com/", ["/", "/pricing"], 0.09, { utm_source: "google", utm_medium: "cpc", utm_campaign: "brand" }), 5],
  [
    source("https://www.google.com/", ["/features/funnels"], 0.05, { utm_source: "google", utm_medium: "cpc", utm_campaign: "competitor" }),
    3,
  ],
  [NEWSLETTER, 5],
  [PRODUCT_HUNT, 2],
]);

/** Returning visitors mostly type the address or search the brand. */
export const RETURN_SOURCES = new Weighted<Source>([
  [DIRECT, 70],
  [GOOGLE, 20],
  [NEWSLETTER, 10],
]);

/** The next page a visitor opens from the marketing site. */
export const NEXT_MARKETING_PAGE = new Weighted<string>([
  ["/", 10],
  ["/pricing", 14],
  ["/features", 8],
  ["/features/analytics", 5],
  ["/features/funnels", 4],
  ["/customers", 4],
  ["/about", 2],
  ["/changelog", 3],
  ["/blog", 4],
  ...BLOG.map((path) => [path, 1.5] as const),
  ...DOCS.map((path) => [path, 2.5] as const),
]);

export interface Device {
  $device_type: "Desktop" | "Mobile" | "Tablet";
  $os: string;
  $os_version: string;
  $browser: string;
  $browser_version: number;
  $screen_width: number;
  $screen_height: number;
}

export interface DeviceKind {
  type: Device["$device_type"];
  os: readonly [string, readonly string[]];
  browsers: Weighted<readonly [string, number, number]>;
  screens: readonly (readonly [number, number])[];
}

const CHROME = ["Chrome", 122, 131] as const;
const DESKTOP_SCREENS = [
  [1920, 1080],
  [1440, 900],
  [1536, 864],
  [1366, 768],
  [2560, 1440],
  [1280, 800],
  [1680, 1050],
] as const;
const PHONE_SCREENS = [
  [390, 844],
  [393, 852],
  [414, 896],
  [375, 812],
  [412, 915],
  [360, 800],
] as const;

const kind = (
  type: DeviceKind["type"],
  os: DeviceKind["os"],
  browsers: [readonly [string, number, number], number][],
  screens: DeviceKind["screens"],
): DeviceKind => ({
  type,
  os,
  browsers: new Weighted(browsers),
  screens,
});

const IPHONE = kind(
  "Mobile",
  ["iOS", ["17.5", "17.6", "18.0", "18.1"]],
  [
    [["Mobile Safari", 17, 18], 85],
    [["Chrome iOS", 122, 131], 15],
  ],
  PHONE_SCREENS,
);
const ANDROID = kind(
  "Mobile",
  ["Android", ["13", "14", "15"]],
  [
    [CHROME, 80],
    [["Samsung Internet", 24, 26], 20],
  ],
  PHONE_SCREENS,
);

export const DEVICES = new Weighted<DeviceKind>([
  [
    kind(
      "Desktop",
      ["Mac OS X", ["14.5", "14.6", "15.0", "15.1"]],
      [
        [CHROME, 62],
        [["Safari", 17, 18], 24],
        [["Firefox", 128, 133], 9],
        [["Arc", 1, 1], 5],
      ],
      DESKTOP_SCREENS,
    ),
    27,
  ],
  [
    kind(
      "Desktop",
      ["Windows", ["10", "11"]],
      [
        [CHROME, 66],
        [["Microsoft Edge", 122, 131], 22],
        [["Firefox", 128, 133], 12],
      ],
      DESKTOP_SCREENS,
    ),
    27,
  ],
  [
    kind(
      "Desktop",
      ["Linux", [""]],
      [
        [CHROME, 55],
        [["Firefox", 128, 133], 45],
      ],
      DESKTOP_SCREENS,
    ),
    6,
  ],
  [IPHONE, 18],
  [ANDROID, 16],
  [
    kind(
      "Tablet",
      ["iOS", ["17.6", "18.1"]],
      [[["Mobile Safari", 17, 18], 1]],
      [
        [820, 1180],
        [768, 1024],
        [1024, 1366],
      ],
    ),
    6,
  ],
]);

/** The phone someone who signed up on a computer later opens the app on. */
export const PHONES = new Weighted<DeviceKind>([
  [IPHONE, 55],
  [ANDROID, 45],
]);

export interface Country {
  code: string;
  name: string;
  cities: readonly string[];
  language: string;
}

export const COUNTRIES = new Weighted<Country>([
  [{ code: "US", name: "United States", cities: ["New York", "San Francisco", "Austin", "Seattle", "Chicago"], language: "en-US" }, 31],
  [{ code: "GB", name: "United Kingdom", cities: ["London", "Manchester", "Edinburgh"], language: "en-GB" }, 10],
  [{ code: "DE", name: "Germany", cities: ["Berlin", "Munich", "Hamburg"], language: "de-DE" }, 9],
  [{ code: "IN", name: "India", cities: ["Bengaluru", "Mumbai", "Pune"], language: "en-IN" }, 8],
  [{ code: "FR", name: "France", cities: ["Paris", "Lyon"], language: "fr-FR" }, 6],
  [{ code: "CA", name: "Canada", cities: ["Toronto", "Vancouver", "Montreal"], language: "en-CA" }, 5],
  [{ code: "NL", name: "Netherlands", cities: ["Amsterdam", "Rotterdam"], language: "nl-NL" }, 4],
  [{ code: "BR", name: "Brazil", cities: ["São Paulo", "Rio de Janeiro"], language: "pt-BR" }, 4],
  [{ code: "AU", name: "Australia", cities: ["Sydney", "Melbourne"], language: "en-AU" }, 3],
  [{ code: "ES", name: "Spain", cities: ["Madrid", "Barcelona"], language: "es-ES" }, 3],
  [{ code: "PL", name: "Poland", cities: ["Warsaw", "Kraków"], language: "pl-PL" }, 3],
  [{ code: "SE", name: "Sweden", cities: ["Stockholm"], language: "sv-SE" }, 2],
  [{ code: "JP", name: "Japan", cities: ["Tokyo", "Osaka"], language: "ja-JP" }, 2],
  [{ code: "SG", name: "Singapore", cities: ["Singapore"], language: "en-SG" }, 2],
  [{ code: "IE", name: "Ireland", cities: ["Dublin"], language: "en-IE" }, 2],
]);

export const FIRST_NAMES = [
  "Alice",
  "Ben",
  "Chloe",
  "Daniel",
  "Emma",
  "Felix",
  "Grace",
  "Hugo",
  "Isla",
  "Jack",
  "Kiara",
  "Liam",
  "Maya",
  "Noah",
  "Olivia",
  "Priya",
  "Quentin",
  "Rosa",
  "Sam",
  "Tara",
  "Umar",
  "Vera",
  "Wei",
  "Xavier",
  "Yara",
  "Zoe",
  "Aarav",
  "Lena",
  "Mateo",
  "Sofia",
  "Jonas",
  "Amara",
  "Kenji",
  "Freya",
  "Diego",
  "Nora",
  "Omar",
  "Hana",
] as const;
export const LAST_NAMES = [
  "Smith",
  "Müller",
  "Garcia",
  "Chen",
  "Patel",
  "Nguyen",
  "Kowalski",
  "Johansson",
  "Rossi",
  "Silva",
  "Dubois",
  "O'Brien",
  "Tanaka",
  "Kim",
  "Novak",
  "Jansen",
  "Walker",
  "Singh",
  "Martin",
  "Fischer",
  "Lopez",
  "Cohen",
  "Andersen",
  "Okafor",
  "Schmidt",
  "Brown",
  "Wright",
  "Ivanova",
  "Haddad",
  "Moreau",
] as const;
const COMPANY_WORDS = [
  [
    "Acme",
    "Bright",
    "Cedar",
    "Delta",
    "Ember",
    "Fable",
    "Granite",
    "Harbor",
    "Iris",
    "Juniper",
    "Kite",
    "Lumen",
    "Maple",
    "Nimbus",
    "Orbit",
    "Pioneer",
    "Quartz",
    "Riverbend",
    "Summit",
    "Tidal",
    "Umbra",
    "Vertex",
    "Willow",
    "Zephyr",
  ],
  ["Labs", "Analytics", "Cloud", "Commerce", "Health", "Robotics", "Studio", "Systems", "Works", "Finance", "Learning", "Logistics"],
] as const;

export interface Company {
  name: string;
  domain: string;
}

export const COMPANIES: readonly Company[] = COMPANY_WORDS[0].flatMap((first) =>
  COMPANY_WORDS[1].map((second) => ({ name: `${first} ${second}`, domain: `${first}${second}.io`.toLowerCase() })),
);

export const FREE_MAIL = ["gmail.com", "outlook.com", "proton.me", "icloud.com", "yahoo.com"] as const;

/** Plans and their monthly price in USD. */
export const PLANS = new Weighted<readonly [plan: string, monthly: number]>([
  [["pro", 49], 75],
  [["team", 199], 22],
  [["enterprise", 990], 3],
]);

/** Relative traffic by hour of day (UTC): Europe's afternoon overlapping America's morning. */
export const HOUR_WEIGHTS = [
  0.35, 0.3, 0.25, 0.2, 0.2, 0.25, 0.35, 0.5, 0.7, 0.85, 0.9, 0.9, 0.9, 0.95, 1, 1, 1, 0.95, 0.85, 0.75, 0.65, 0.55, 0.5, 0.4,
] as const;
/** Relative traffic by day of week (Sunday first). */
export const WEEKDAY_WEIGHTS = [0.55, 1, 1, 1, 0.97, 0.85, 0.5] as const;
