import { readFile } from "node:fs/promises";
import path from "node:path";
import ipaddr from "ipaddr.js";
import { LRUCache } from "lru-cache";
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

/** Records decoded from a database, by offset: the addresses of one place share one, decoded once while it is used. */
const RECORDS_KEPT = 10_000;

function database(family: Family): Promise<Reader<CityResponse>> {
  let entry = databases[family];
  if (!entry) {
    const cache = new LRUCache<string | number, object>({ max: RECORDS_KEPT });
    const loading = readFile(databaseFile(family)).then((buffer) => new Reader<CityResponse>(buffer, { cache }));
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

/**
 * What a located address adds to an event: its properties, and its person's `$set` and `$set_once`; and those two
 * over the resets, as an event without its own gets them.
 */
interface Placement {
  properties: Record<string, string | number>;
  set: Record<string, unknown>;
  setOnce: Record<string, unknown>;
  resetThenSet: Record<string, unknown>;
  resetThenSetOnce: Record<string, unknown>;
}

function placementOf(location: Record<string, string | number> | null): Placement | false {
  if (!location) return false;
  const properties: Placement["properties"] = {};
  const set: Placement["set"] = {};
  const setOnce: Placement["setOnce"] = {};
  for (const [key, value] of Object.entries(location)) {
    properties[`$geoip_${key}`] = value;
    set[`$geoip_${key}`] = value;
    setOnce[`$initial_geoip_${key}`] = value;
  }
  // The resets are kept apart too: `place` puts an event's own `$set` between them and the place.
  return { properties, set, setOnce, resetThenSet: { ...UNSET, ...set }, resetThenSetOnce: { ...UNSET_ONCE, ...setOnce } };
}

/**
 * A visitor's events come from one address: it is parsed and looked up once while they keep coming, keyed by `$ip`
 * as sent (`false`: not located, a private or unknown address).
 */
export const recentAddresses = new LRUCache<string, Placement | false>({ max: 50_000 });
/** Each decoded record's placement: built once per place, shared by its addresses (forgotten with the record). */
const placements = new WeakMap<object, Placement | false>();

function placementOfRecord(record: DbipCity | null): Placement | false {
  if (!record) return false;
  let placement = placements.get(record);
  if (placement === undefined) {
    placement = placementOf(locationOf(record));
    placements.set(record, placement);
  }
  return placement;
}

const isObject = (value: unknown): value is object => !!value && typeof value === "object" && !Array.isArray(value);

/** The event, located in place: a captured event is its request's own, and copying its properties costs more than the rest. */
function place(event: CapturedEvent, placement: Placement | false): CapturedEvent {
  if (!placement) return event;
  const properties = event.properties;
  const { $set: ownSet, $set_once: ownSetOnce } = properties;
  // The event's own `$set` wins over the resets, the located place over both. Each event gets its own objects (a
  // later transformation may change them); without its own, a copy of the merge made once for the place.
  const set = isObject(ownSet) ? Object.assign({}, UNSET, ownSet, placement.set) : { ...placement.resetThenSet };
  const setOnce = isObject(ownSetOnce) ? Object.assign({}, UNSET_ONCE, ownSetOnce, placement.setOnce) : { ...placement.resetThenSetOnce };
  Object.assign(properties, placement.properties);
  properties.$set = set;
  properties.$set_once = setOnce;
  return event;
}

/** PostHog's GeoIP app: the event's `$ip` located, on the event, its person (`$set`) and first location (`$set_once`). */
export const geoip: BuiltInTransformation = {
  prepare: () => (event) => {
    if (event.properties.$geoip_disable) return event;
    const sent = event.properties.$ip;
    if (typeof sent !== "string") return event;
    const known = recentAddresses.get(sent);
    if (known !== undefined) return place(event, known);
    const ip = publicAddress(sent);
    if (!ip) {
      recentAddresses.set(sent, false);
      return event;
    }
    const lookup = (from: Reader<CityResponse>, target: CapturedEvent) => {
      const placement = placementOfRecord(from.get(ip.address) as DbipCity | null);
      recentAddresses.set(sent, placement);
      return place(target, placement);
    };
    const reader = databases[ip.family]?.reader;
    if (reader) return lookup(reader, event);
    // While the database loads, a copy: the runner may give up waiting and store the event before this ends.
    const copy = { ...event, properties: { ...event.properties } };
    return database(ip.family).then((loaded) => lookup(loaded, copy));
  },
};
