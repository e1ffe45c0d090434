/**
 * PostHog's channel types (its `create_channel_type_expr` rules, as its web analytics reads them), over a
 * session's first UTM values, referring domain and click ids. A source's kind comes from a short list of well-known
 * search engines, social networks, video and shopping sites, by `utm_source` first, else by the referring domain.
 */

const SOURCES: Record<"Search" | "Social" | "Video" | "Shopping", string[]> = {
  Search: ["google", "bing", "duckduckgo", "yahoo", "baidu", "yandex", "ecosia", "qwant", "startpage", "brave", "naver", "seznam"],
  Social: [
    "facebook",
    "fb",
    "instagram",
    "twitter",
    "x",
    "t",
    "linkedin",
    "lnkd",
    "reddit",
    "pinterest",
    "tiktok",
    "snapchat",
    "threads",
    "mastodon",
    "bsky",
    "news.ycombinator",
    "quora",
    "tumblr",
    "vk",
    "weibo",
    "whatsapp",
    "discord",
    "telegram",
  ],
  Video: ["youtube", "youtu", "vimeo", "twitch", "dailymotion", "wistia"],
  Shopping: ["amazon", "ebay", "etsy", "shopify", "walmart", "aliexpress"],
};

const PAID_MEDIUMS = ["cpc", "cpm", "cpv", "cpa", "ppc", "retargeting"];
const EMAIL = ["email", "e-mail", "e_mail", "e mail", "newsletter"];

export interface ChannelInputs {
  referringDomain: string;
  source: string;
  medium: string;
  campaign: string;
  gclid: string;
  gadSource: string;
  fbclid: string;
}

/**
 * The kind of a source name or domain: its name without `www.`/`m.`/`l.` and without the top-level domain
 * (`www.google.co.uk` → `google`, `news.ycombinator.com` → `news.ycombinator`, `t.co` → `t`).
 */
function sourceTypeSql(value: string): string {
  const name = `replaceRegexpOne(replaceRegexpOne(lower(${value}), '^(www|m|l|lm|mobile)\\\\.', ''), '\\\\.(com?\\\\.)?[a-z]+$', '')`;
  const names = Object.values(SOURCES).flat();
  const kinds = Object.entries(SOURCES).flatMap(([kind, list]) => list.map(() => kind));
  const quote = (s: string) => `'${s.replace(/'/g, "\\'")}'`;
  return `transform(${name}, [${names.map(quote).join(", ")}], [${kinds.map(quote).join(", ")}], '')`;
}

const list = (xs: string[]) => `(${xs.map((x) => `'${x}'`).join(", ")})`;

/** The channel type as SQL; each input is a Nullable(String) SQL expression. */
export function channelTypeSql(i: ChannelInputs): string {
  const medium = `lower(${i.medium})`;
  const source = `lower(${i.source})`;
  const type = `if(ifNull(${i.source}, '') != '', ${sourceTypeSql(i.source)}, ${sourceTypeSql(`ifNull(${i.referringDomain}, '')`)})`;
  const fbclid = `ifNull(${i.fbclid}, '') != ''`;
  const paid = `(ifNull(${medium} IN ${list(PAID_MEDIUMS)} OR startsWith(${medium}, 'paid'), 0) OR ifNull(${i.gclid}, '') != '' OR ifNull(${i.gadSource}, '') != '')`;
  const direct = `(ifNull(${i.referringDomain}, '$direct') = '$direct' AND ${i.medium} IS NULL AND ifNull(${source} IN ('(direct)', 'direct', '$direct'), 1) AND NOT ${fbclid})`;
  return `multiIf(
    match(ifNull(${i.campaign}, ''), 'cross-network'), 'Cross Network',
    ${paid}, multiIf(
      (${type}) = 'Shopping', 'Paid Shopping', (${type}) = 'Video', 'Paid Video', (${type}) = 'Social', 'Paid Social',
      (${type}) = 'Search', 'Paid Search', ifNull(${i.gadSource}, '') = '1', 'Paid Search',
      match(ifNull(${i.campaign}, ''), 'video'), 'Paid Video', ${fbclid}, 'Paid Social', 'Paid Unknown'),
    ${direct}, 'Direct',
    (${type}) = 'Shopping', 'Organic Shopping',
    (${type}) = 'Video' OR match(ifNull(${medium}, ''), 'video'), 'Organic Video',
    (${type}) = 'Search', 'Organic Search',
    (${type}) = 'Social' OR ${fbclid}, 'Organic Social',
    ifNull(${medium} IN ('referral', 'app', 'link'), 0), 'Referral',
    ifNull(${medium} = 'affiliate', 0), 'Affiliate',
    ifNull(${medium} = 'audio', 0), 'Audio',
    ifNull(${medium} = 'push' OR ${medium} LIKE '%mobile%' OR ${medium} LIKE '%notification%', 0), 'Push',
    ifNull(${medium} IN ${list(EMAIL)} OR ${source} IN ${list(EMAIL)}, 0), 'Email',
    ifNull(${medium} = 'sms', 0), 'SMS',
    ifNull(${i.referringDomain}, '$direct') != '$direct', 'Referral',
    'Unknown')`;
}
