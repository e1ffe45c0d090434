import { readFile } from "node:fs/promises";
import path from "node:path";
import ipaddr from "ipaddr.js";
import { type CityResponse, Reader } from "maxmind";
import type { CapturedEvent } from "@/lib/ingestion/types";
import { continentOf } from "./continents";
import type { BuiltInTransformation } from "./kinds";

/** A record of the DB-IP City Lite database as @ip-location-db ships it (countries, regions and cities; no codes). */
interface DbipCity {
  country_code?: string;
  state1?: string;
  state2?: string;
  city?: string;
  postcode?: string;
  latitude?: number;
  longitude?: number;
  timezone?: string;
}

type Family = "ipv4" | "ipv6";

// Each family's database is read whole into memory on its first lookup, once per process: a project without GeoIP,
// or without IPv6 visitors, never pays for it.
const holder = globalThis as unknown as {
  __hedgerowGeoip?: Partial<Record<Family, { reader?: Reader<CityResponse>; loading: Promise<Reader<CityResponse>> }>>;
};
const databases = (holder.__hedgerowGeoip ??= {});

function databaseFile(family: Family): string {
  return path.join(process.cwd(), "node_modules", "@ip-location-db", "dbip-city-mmdb", `dbip-city-${family}.mmdb`);
}

function database(family: Family): Promise<Reader<CityResponse>> {
  let entry = databases[family];
  if (!entry) {
    const loading = readFile(databaseFile(family)).then((buffer) => new Reader<CityResponse>(buffer));
    entry = { loading };
    databases[family] = entry;
    const loaded = entry;
    loading.then(
      (reader) => {
        loaded.reader = reader;
      },
      () => {
        // A missing file is retried on a later event rather than remembered.
        delete databases[family];
      },
    );
  }
  return entry.loading;
}

/** The address to locate: a public unicast IPv4 or IPv6 one; private, reserved and invalid ones are not located. */
export function publicAddress(value: unknown): { address: string; family: Family } | null {
  if (typeof value !== "string" || !ipaddr.isValid(value.trim())) return null;
  const parsed = ipaddr.process(value.trim());
  if (parsed.range() !== "unicast") return null;
  return { address: parsed.toString(), family: parsed.kind() };
}

// PostHog's GeoIP app resets these on the person before setting the located ones, so a stale city does not linger.
const LOCATION_KEYS = [
  "city_name",
  "city_confidence",
  "subdivision_2_name",
  "subdivision_2_code",
  "subdivision_1_name",
  "subdivision_1_code",
  "country_name",
  "country_code",
  "continent_name",
  "continent_code",
  "postal_code",
  "latitude",
  "longitude",
  "accuracy_radius",
  "time_zone",
];
const UNSET = Object.fromEntries(LOCATION_KEYS.map((key) => [`$geoip_${key}`, null]));
const UNSET_ONCE = Object.fromEntries(LOCATION_KEYS.map((key) => [`$initial_geoip_${key}`, null]));

const countryNames = new Intl.DisplayNames(["en"], { type: "region", fallback: "none" });
const rounded = (degrees: number) => Math.round(degrees * 1e4) / 1e4;

/** The located place in PostHog's `$geoip_*` names (without the prefix); what the database lacks is left out. */
export function locationOf(record: DbipCity | null): Record<string, string | number> | null {
  const country = record?.country_code;
  if (!record || !country || country === "ZZ") return null;
  const location: Record<string, string | number> = {};
  if (record.city) location.city_name = record.city;
  location.country_name = countryNames.of(country) ?? country;
  location.country_code = country;
  const continent = continentOf(country);
  if (continent) {
    location.continent_name = continent.name;
    location.continent_code = continent.code;
  }
  if (record.postcode) location.postal_code = record.postcode;
  if (typeof record.latitude === "number" && typeof record.longitude === "number") {
    location.latitude = rounded(record.latitude);
    location.longitude = rounded(record.longitude);
  }
  if (record.timezone) location.time_zone = record.timezone;
  if (record.state1) location.subdivision_1_name = record.state1;
  if (record.state2) location.subdivision_2_name = record.state2;
  return location;
}

function located(event: CapturedEvent, record: DbipCity | null): CapturedEvent {
  const location = locationOf(record);
  if (!location) return event;
  const asObject = (value: unknown) => (value && typeof value === "object" && !Array.isArray(value) ? value : {});
  const properties = { ...event.properties };
  const set: Record<string, unknown> = { ...UNSET, ...asObject(properties.$set) };
  const setOnce: Record<string, unknown> = { ...UNSET_ONCE, ...asObject(properties.$set_once) };
  for (const [key, value] of Object.entries(location)) {
    properties[`$geoip_${key}`] = value;
    set[`$geoip_${key}`] = value;
    setOnce[`$initial_geoip_${key}`] = value;
  }
  return { ...event, properties: { ...properties, $set: set, $set_once: setOnce } };
}

/** PostHog's GeoIP app: the event's `$ip` located, on the event, its person (`$set`) and first location (`$set_once`). */
export const geoip: BuiltInTransformation = {
  prepare: () => (event) => {
    if (event.properties.$geoip_disable) return event;
    const ip = publicAddress(event.properties.$ip);
    if (!ip) return event;
    const reader = databases[ip.family]?.reader;
    const lookup = (from: Reader<CityResponse>) => located(event, from.get(ip.address) as DbipCity | null);
    return reader ? lookup(reader) : database(ip.family).then(lookup);
  },
};
