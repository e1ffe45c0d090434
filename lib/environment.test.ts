import { describe, expect, test } from "vitest";
import { parseEnvironment } from "./environment";

describe("parseEnvironment", () => {
  test("defaults when nothing is set", () => {
    const config = parseEnvironment({});
    expect(config).toMatchObject({
      databaseUrl: undefined,
      databasePoolSize: 10,
      allowSignup: false,
      dnsServers: [],
      instanceTag: "none",
      queryTimeoutSeconds: 60,
      queryMaxMemoryMb: 1536,
      secureCookies: false,
      trustedProxies: 0,
      siteUrl: undefined,
    });
    expect(config.analysisConcurrency).toBeGreaterThanOrEqual(1);
  });

  test("an empty variable is unset", () => {
    expect(parseEnvironment({ DATABASE_URL: "", DATABASE_POOL_SIZE: "", ALLOW_SIGNUP: "" })).toMatchObject({
      databaseUrl: undefined,
      databasePoolSize: 10,
      allowSignup: false,
    });
  });

  test("values are read and converted", () => {
    const config = parseEnvironment({
      DATABASE_URL: "postgres://u@127.0.0.1:5432/db",
      DATABASE_POOL_SIZE: "25",
      ALLOW_SIGNUP: "true",
      DNS_SERVERS: " 127.0.0.1:53, 10.0.0.1 ",
      NEXTAUTH_URL: "https://h.example.com",
    });
    expect(config).toMatchObject({
      databaseUrl: "postgres://u@127.0.0.1:5432/db",
      databasePoolSize: 25,
      allowSignup: true,
      dnsServers: ["127.0.0.1:53", "10.0.0.1"],
      siteUrl: "https://h.example.com",
      secureCookies: true,
    });
  });

  test("the public URL is SITE_URL, else NEXTAUTH_URL; an https one makes cookies Secure", () => {
    expect(parseEnvironment({ SITE_URL: "https://a.example.com", NEXTAUTH_URL: "http://b.example.com" })).toMatchObject({
      siteUrl: "https://a.example.com",
      secureCookies: true,
    });
    expect(parseEnvironment({ SITE_URL: "http://a.example.com", NEXTAUTH_URL: "https://b.example.com" }).secureCookies).toBe(false);
    expect(() => parseEnvironment({ SITE_URL: "ftp://a.example.com" })).toThrow(/SITE_URL: must be a URL like https:/);
  });

  test("TRUST_PROXY: false, true (one proxy) or a number of proxies", () => {
    expect(parseEnvironment({ TRUST_PROXY: "false" }).trustedProxies).toBe(0);
    expect(parseEnvironment({ TRUST_PROXY: "true" }).trustedProxies).toBe(1);
    expect(parseEnvironment({ TRUST_PROXY: "2" }).trustedProxies).toBe(2);
    for (const wrong of ["yes", "-1", "1.5", "100", "01", " true"])
      expect(() => parseEnvironment({ TRUST_PROXY: wrong }), wrong).toThrow(/TRUST_PROXY: must be true, false or the number of proxies/);
  });

  test("wrong values stop the start with every problem named", () => {
    const attempt = () =>
      parseEnvironment({ DATABASE_URL: "mysql://x", DATABASE_POOL_SIZE: "0", ALLOW_SIGNUP: "yes", HEDGEROW_QUERY_TIMEOUT_SECONDS: "abc" });
    expect(attempt).toThrow(/configuration is invalid/);
    expect(attempt).toThrow(/DATABASE_URL: must be a URL like postgres:/);
    expect(attempt).toThrow(/DATABASE_POOL_SIZE/);
    expect(attempt).toThrow(/ALLOW_SIGNUP: must be true or false/);
    expect(attempt).toThrow(/HEDGEROW_QUERY_TIMEOUT_SECONDS/);
  });

  test("a read's spill to disk: off unless set, and below its memory bound", () => {
    expect(parseEnvironment({}).querySpillMb).toBeUndefined();
    expect(parseEnvironment({ HEDGEROW_QUERY_MAX_MEMORY_MB: "256", HEDGEROW_QUERY_SPILL_MB: "128" }).querySpillMb).toBe(128);
    for (const wrong of ["256", "300"])
      expect(() => parseEnvironment({ HEDGEROW_QUERY_MAX_MEMORY_MB: "256", HEDGEROW_QUERY_SPILL_MB: wrong }), wrong).toThrow(
        /HEDGEROW_QUERY_SPILL_MB: must be below HEDGEROW_QUERY_MAX_MEMORY_MB/,
      );
    expect(() => parseEnvironment({ HEDGEROW_QUERY_SPILL_MB: "0" })).toThrow(/HEDGEROW_QUERY_SPILL_MB/);
  });

  test("server processes: one per core on PostgreSQL, one on PGlite, and never more than one on PGlite", () => {
    expect(parseEnvironment({}).workers).toBe(1);
    expect(parseEnvironment({ DATABASE_URL: "postgres://u@h/db" }).workers).toBeGreaterThanOrEqual(1);
    expect(parseEnvironment({ DATABASE_URL: "postgres://u@h/db", HEDGEROW_WORKERS: "3" }).workers).toBe(3);
    expect(parseEnvironment({ HEDGEROW_WORKERS: "1" }).workers).toBe(1);
    expect(() => parseEnvironment({ HEDGEROW_WORKERS: "2" })).toThrow(
      /HEDGEROW_WORKERS: more than one server process needs DATABASE_URL \(embedded PGlite allows one process per data dir\)/,
    );
    expect(() => parseEnvironment({ DATABASE_URL: "postgres://u@h/db", HEDGEROW_WORKERS: "0" })).toThrow(/HEDGEROW_WORKERS/);
  });

  test("allowed destinations: none by default; a list of names, addresses and ranges; a wrong entry named", () => {
    expect(parseEnvironment({}).allowedDestinations).toEqual({ names: new Set(), ranges: [] });
    const allowed = parseEnvironment({ HEDGEROW_ALLOWED_DESTINATIONS: "warehouse.internal, 127.0.0.1, 10.0.0.0/8" }).allowedDestinations;
    expect([...allowed.names]).toEqual(["warehouse.internal"]);
    expect(allowed.ranges.map(([address, bits]) => `${address}/${bits}`)).toEqual(["127.0.0.1/32", "10.0.0.0/8"]);
    expect(() => parseEnvironment({ HEDGEROW_ALLOWED_DESTINATIONS: "10.0.0.0/8, 2130706433" })).toThrow(
      /HEDGEROW_ALLOWED_DESTINATIONS: '2130706433' is not a host name, an IP address or a CIDR range/,
    );
  });
});
