import { describe, expect, test } from "vitest";
import { geoip, locationOf, publicAddress, recentAddresses } from "./geoip";
import { pageview } from "./test-event";

const event = pageview;
const locate = geoip.prepare({});

describe("GeoIP", () => {
  test("a public IPv4 address is located on the event, its person ($set) and first location ($set_once)", async () => {
    const located = await locate(event({ $ip: "8.8.8.8", $set: { plan: "pro" }, $set_once: { first: "x" } }));
    expect(located?.properties).toMatchObject({
      $ip: "8.8.8.8",
      $geoip_country_code: "US",
      $geoip_country_name: "United States",
      $geoip_continent_code: "NA",
      $geoip_continent_name: "North America",
    });
    expect(typeof located?.properties.$geoip_latitude).toBe("number");
    expect(typeof located?.properties.$geoip_longitude).toBe("number");
    expect(located?.properties.$set).toMatchObject({ plan: "pro", $geoip_country_code: "US", $geoip_time_zone: null });
    expect(located?.properties.$set_once).toMatchObject({ first: "x", $initial_geoip_country_code: "US" });
    // Once loaded, the database answers without waiting.
    expect(locate(event({ $ip: "8.8.4.4" }))).not.toBeInstanceOf(Promise);
  });

  test("the event's own $set wins over the resets of what the place does not name, the place over both", async () => {
    const located = await locate(
      event({
        $ip: "8.8.8.8",
        $set: { $geoip_time_zone: "Mine/Own", $geoip_country_code: "FR" },
        $set_once: { $initial_geoip_postal_code: "75001" },
      }),
    );
    // The database names no time zone or postal code for this address: the event's values stay, not null.
    expect(located?.properties.$set).toMatchObject({ $geoip_time_zone: "Mine/Own", $geoip_country_code: "US" });
    expect(located?.properties.$set_once).toMatchObject({ $initial_geoip_postal_code: "75001", $initial_geoip_country_code: "US" });
    // Without its own, the event's person gets the resets.
    const plain = await locate(event({ $ip: "8.8.8.8" }));
    expect(plain?.properties.$set).toMatchObject({ $geoip_time_zone: null, $geoip_country_code: "US" });
  });

  test("a visitor's later events, located from memory, get the same place and persons' properties of their own", async () => {
    const first = await locate(event({ $ip: "8.8.8.8", $set: { plan: "pro" } }));
    const again = await locate(event({ $ip: "8.8.8.8", $set_once: { first: "y" } }));
    expect(again?.properties.$geoip_country_code).toBe(first?.properties.$geoip_country_code);
    expect(again?.properties.$set).not.toBe(first?.properties.$set);
    expect(again?.properties.$set).not.toHaveProperty("plan");
    expect(again?.properties.$set_once).toMatchObject({ first: "y", $initial_geoip_country_code: "US" });
    // A private address is remembered as nowhere, and still adds nothing.
    for (let i = 0; i < 2; i++) expect((await locate(event({ $ip: "10.0.0.1" })))?.properties).not.toHaveProperty("$geoip_country_code");
  });

  test("an IPv6 address and an IPv4-mapped one are located too", async () => {
    const v6 = await locate(event({ $ip: "2001:4860:4860::8888" }));
    // The free database places this Google address by its registration, which moves between releases.
    expect(v6?.properties.$geoip_country_code).toMatch(/^[A-Z]{2}$/);
    expect(v6?.properties.$geoip_continent_code).toMatch(/^[A-Z]{2}$/);
    const mapped = await locate(event({ $ip: "::ffff:8.8.8.8" }));
    expect(mapped?.properties.$geoip_country_code).toBe("US");
  });

  test("private, reserved, invalid or missing addresses and $geoip_disable add nothing", async () => {
    for (const $ip of [
      "10.1.2.3",
      "127.0.0.1",
      "192.168.0.10",
      "172.16.5.4",
      "100.64.0.1",
      "::1",
      "fe80::1",
      "fd00::1",
      "0.0.0.0",
      "not an ip",
      "999.1.1.1",
      8,
      null,
      undefined,
    ]) {
      const original = event({ $ip });
      expect(await locate(original), String($ip)).toBe(original);
    }
    const disabled = event({ $ip: "8.8.8.8", $geoip_disable: true });
    expect(await locate(disabled)).toBe(disabled);
    expect(publicAddress(" 8.8.8.8 ")).toEqual({ address: "8.8.8.8", family: "ipv4" });
  });

  test("addresses of one place share its placement; the remembered addresses are bounded, the oldest forgotten", async () => {
    await locate(event({ $ip: "8.8.8.8" }));
    await locate(event({ $ip: "8.8.8.9" }));
    const placement = recentAddresses.get("8.8.8.8");
    expect(placement).toBeTruthy();
    expect(recentAddresses.get("8.8.8.9")).toBe(placement);
    const limit = recentAddresses.max;
    for (let i = 0; i <= limit; i++) await locate(event({ $ip: `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}` }));
    expect(recentAddresses.size).toBe(limit);
    expect(recentAddresses.has("8.8.8.8")).toBe(false);
    expect(recentAddresses.has("10.0.0.0")).toBe(false);
  });

  test("a record's fields in PostHog's names; an unknown country is no location", () => {
    const record = {
      country_code: "GB",
      state1: "England",
      state2: "",
      city: "London",
      postcode: "",
      latitude: 51.51430130004883,
      longitude: -0.0912244,
      timezone: "",
    };
    expect(locationOf(record)).toEqual({
      city_name: "London",
      country_name: "United Kingdom",
      country_code: "GB",
      continent_name: "Europe",
      continent_code: "EU",
      latitude: 51.5143,
      longitude: -0.0912,
      subdivision_1_name: "England",
    });
    expect(locationOf({ country_code: "ZZ" })).toBeNull();
    expect(locationOf(null)).toBeNull();
  });
});
