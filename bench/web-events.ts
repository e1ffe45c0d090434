// Generated web traffic for bench/web.ts, written straight into an event store (INSERT … SELECT FROM numbers()):
// sessions of up to six events (pageviews, a few autocaptures; the rest of a short session's six become one-page
// visits), persons of about 20 events each, paths, referrers, UTM tags, devices and countries, over WEB_DAYS days.
import type { EventStore } from "../lib/events/store/open";

export const TEAM = 1;
export const WEB_START = "2024-01-01 00:00:00";
export const WEB_DAYS = 28;

const pick = (list: string[], hash: string) => `[${list.map((x) => `'${x}'`).join(", ")}][1 + ${hash} % ${list.length}]`;
const PATHS = [
  "/",
  "/pricing",
  "/docs",
  "/docs/setup",
  "/docs/api",
  "/blog",
  "/blog/launch",
  "/blog/roadmap",
  "/signup",
  "/login",
  "/about",
  "/careers",
];
const REFERRERS = [
  "$direct",
  "$direct",
  "$direct",
  "www.google.com",
  "www.google.com",
  "duckduckgo.com",
  "news.ycombinator.com",
  "twitter.com",
  "github.com",
  "facebook.com",
];

export async function generateWebEvents(store: Pick<EventStore, "command">, events: number) {
  const persons = Math.max(1, Math.round(events / 20));
  await store.command(`
    INSERT INTO events (uuid, event, properties, timestamp, team_id, distinct_id, person_id)
    SELECT generateUUIDv4(number), ev, props, ts, ${TEAM}, concat('v', toString(p)), toUUID(concat('00000000-0000-4000-8000-', leftPad(toString(p), 12, '0')))
    FROM (
      SELECT number, intDiv(number, 6) AS s, number % 6 AS k, 1 + cityHash64(s, 1) % 6 AS len,
        cityHash64(s, 2) % ${persons} AS p,
        if(k < len, concat('s', toString(s)), concat('s', toString(s), '_', toString(k))) AS sid,
        if(k > 0 AND k < len AND cityHash64(number, 3) % 4 = 0, '$autocapture', '$pageview') AS ev,
        toDateTime64('${WEB_START}', 6, 'UTC') + toIntervalSecond(cityHash64(s, 4) % (${WEB_DAYS} * 86400))
          + toIntervalSecond(k * (1 + cityHash64(number, 5) % 90)) AS ts,
        ${pick(REFERRERS, "cityHash64(s, 6)")} AS referrer,
        cityHash64(s, 7) % 10 AS u,
        concat('{"$session_id":"', sid, '","$pathname":"', ${pick(PATHS, "cityHash64(number, 8)")},
          '","$referring_domain":"', referrer,
          if(u < 2, concat('","utm_source":"', ${pick(["newsletter", "google", "twitter"], "u")}, '","utm_medium":"', ${pick(["email", "cpc", "social"], "u")}, '","utm_campaign":"spring'), ''),
          '","$browser":"', ${pick(["Chrome", "Chrome", "Safari", "Firefox", "Edge"], "cityHash64(p, 9)")},
          '","$os":"', ${pick(["Mac OS X", "Windows", "iOS", "Android", "Linux"], "cityHash64(p, 10)")},
          '","$device_type":"', ${pick(["Desktop", "Desktop", "Mobile", "Tablet"], "cityHash64(p, 11)")},
          '","$geoip_country_code":"', ${pick(["US", "GB", "DE", "FR", "IN", "BR"], "cityHash64(p, 12)")},
          '","$viewport_width":', ${pick(["1440", "1280", "390", "768"], "cityHash64(p, 13)")}, ',"$viewport_height":', ${pick(["900", "800", "844", "1024"], "cityHash64(p, 13)")}, '}') AS props
      FROM numbers(${events})
    )`);
  await store.command("OPTIMIZE TABLE events FINAL");
  await store.command("OPTIMIZE TABLE sessions FINAL");
}
