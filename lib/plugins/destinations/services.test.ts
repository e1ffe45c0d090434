import { describe, expect, test } from "vitest";
import { ConfigProblem } from "../transformations/kinds";
import { builtInDestination } from "./apps";
import { intervalOf, pageOf } from "./export-rows";
import type { DestinationEvent } from "./kinds";

const event = (name: string, properties: Record<string, unknown> = {}, distinctId = "u-1", person: Record<string, unknown> | null = null) =>
  ({
    event: {
      uuid: "0190a0a0-0000-7000-8000-000000000001",
      event: name,
      distinct_id: distinctId,
      timestamp: "2024-06-01T12:00:00.000Z",
      properties,
      elements_chain: "",
    },
    person: person && { id: "p-1", properties: person },
    projectId: 7,
  }) satisfies DestinationEvent;

const app = (repo: string) => builtInDestination(`https://github.com/PostHog/${repo}`)!;
const customerio = app("customerio-plugin");
const hubspot = app("hubspot-plugin");
const s3 = app("s3-export-plugin");
const postgres = app("postgres-plugin");

function keyOf(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    if (error instanceof ConfigProblem) return error.key;
    throw error;
  }
  throw new Error("no problem found");
}

describe("Customer.io", () => {
  const site = { customerioSiteId: "site", customerioToken: "key" };

  test("identify then track, Basic auth, masked in the preview; $set attributes, created_at in seconds", () => {
    const [identify, track] = customerio
      .prepare({ ...site, host: "track-eu.customer.io" })
      .preview(event("$pageview", { $set: { plan: "pro", created_at: "2024-01-01T00:00:00Z" }, path: "/" }));
    expect(identify).toMatchObject({
      method: "PUT",
      url: "https://track-eu.customer.io/api/v1/customers/u-1",
      headers: { authorization: "********" },
      body: { plan: "pro", created_at: 1704067200, identifier: "u-1" },
    });
    expect(track).toMatchObject({
      method: "POST",
      url: "https://track-eu.customer.io/api/v1/customers/u-1/events",
      body: { name: "$pageview", type: "page", timestamp: Date.parse("2024-06-01T12:00:00.000Z") / 1000, data: { path: "/" } },
    });
  });

  test("customers by userId, cio_id, email when asked; which events and whose are sent", () => {
    const byEmail = customerio.prepare({ ...site, identifyByEmail: "Yes" });
    expect(byEmail.preview(event("e", {}, "u-1", { email: "a@b.test" }))[0].url).toMatch(/customers\/a%40b\.test$/);
    expect(byEmail.preview(event("e", { $set: { userId: 42 } }))[0].url).toMatch(/customers\/42$/);
    expect(customerio.prepare(site).preview(event("e", {}, "u-1", { email: "a@b.test" }))[0].url).toMatch(/customers\/u-1$/);
    const some = customerio.prepare({ ...site, eventsToSend: "a, b" });
    expect([some.accepts(event("a")), some.accepts(event("c")), some.accepts(event("$create_alias"))]).toEqual([true, false, false]);
    const withEmail = customerio.prepare({ ...site, sendEventsFromAnonymousUsers: "Only send events from users with emails" });
    expect([withEmail.accepts(event("e")), withEmail.accepts(event("e", { $set: { email: "a@b.test" } }))]).toEqual([false, true]);
    const identified = customerio.prepare({
      ...site,
      sendEventsFromAnonymousUsers: "Only send events from users that have been identified",
    });
    expect([identified.accepts(event("e")), identified.accepts(event("e", {}, "u", { cio_id: "c" }))]).toEqual([false, true]);
  });

  test("settings refused on their field", () => {
    expect(keyOf(() => customerio.prepare({ customerioSiteId: "s" }))).toBe("customerioToken");
    expect(keyOf(() => customerio.prepare({ ...site, host: "evil.test" }))).toBe("host");
    expect(keyOf(() => customerio.prepare({ ...site, sendEventsFromAnonymousUsers: "some" }))).toBe("sendEventsFromAnonymousUsers");
  });
});

describe("HubSpot", () => {
  test("triggering events with an email create the contact, properties under HubSpot's names and the mappings'", () => {
    const prepared = hubspot.prepare({
      hubspotAccessToken: "pat",
      additionalPropertyMappings: "plan:hs_plan, created_at:signup_day",
      ignoredEmails: "skip.test",
    });
    const [request] = prepared.preview(event("$identify", { $set: { email: "a@b.test", firstName: "Ann", plan: "pro" }, company: "Acme" }));
    expect(request).toEqual({
      method: "POST",
      url: "https://api.hubapi.com/crm/v3/objects/contacts",
      headers: { "content-type": "application/json", authorization: "Bearer ********" },
      body: { properties: { email: "a@b.test", firstname: "Ann", company: "Acme", hs_plan: "pro", signup_day: Date.parse("2024-06-01") } },
    });
    expect(prepared.accepts(event("$identify"))).toBe(false);
    expect(prepared.accepts(event("$identify", {}, "x@skip.test"))).toBe(false);
    expect(prepared.accepts(event("$pageview", {}, "a@b.test"))).toBe(false);
    expect(keyOf(() => hubspot.prepare({}))).toBe("hubspotAccessToken");
  });
});

describe("S3 and PostgreSQL Export", () => {
  const keys = { awsAccessKey: "AK", awsSecretAccessKey: "SK", s3BucketName: "bucket" };

  test("S3: one object per batch under the prefix and its day, named the same on a retry", () => {
    const [put] = s3.prepare({ ...keys, prefix: "ph/", compression: "gzip" }).preview(event("e", { $ip: "1.2.3.4" }));
    expect(put.url).toMatch(
      /^https:\/\/bucket\.s3\.us-east-1\.amazonaws\.com\/ph\/2024-06-01\/2024-06-01T12:00:00\.000Z-2024-06-01T12:00:00\.001Z-\d+\.jsonl\.gz$/,
    );
    expect(put.headers.authorization).toBe("********");
    expect(put.body).toMatchObject({ event: "e", team_id: 7, ip: "1.2.3.4", properties: { $ip: "1.2.3.4" } });
    expect(intervalOf([event("e")])).toEqual(intervalOf([event("e")]));
    expect(s3.prepare({ ...keys, eventsToIgnore: "x" }).accepts(event("x"))).toBe(false);
    for (const [config, key] of [
      [{ ...keys, s3BucketName: "Bad_Bucket" }, "s3BucketName"],
      [{ ...keys, awsRegion: "us east" }, "awsRegion"],
      [{ ...keys, s3BucketEndpoint: "ftp://x.test" }, "s3BucketEndpoint"],
      [{ ...keys, compression: "zip" }, "compression"],
      [{ ...keys, awsSecretAccessKey: "" }, "awsSecretAccessKey"],
    ] as const)
      expect(keyOf(() => s3.prepare(config))).toBe(key);
  });

  test("PostgreSQL: rows of PostHog's columns in COPY's text, escaped; settings refused on their field", () => {
    const page = pageOf([event("e\tv", { note: "a\nb\\c\u0000", $set: { plan: "pro" } })], "copy");
    const line = Buffer.from((page as { body: Uint8Array }).body).toString();
    expect(page.columns.map((c) => c.name)).toEqual([
      "uuid",
      "event",
      "properties",
      "elements",
      "set",
      "set_once",
      "distinct_id",
      "team_id",
      "ip",
      "site_url",
      "timestamp",
    ]);
    expect(line.split("\t")[1]).toBe("e\\tv");
    expect(line).toContain('"note":"a\\\\nb\\\\\\\\c"');
    expect(line).toContain("\\N\tu-1\t7\t\\N\t\t2024-06-01T12:00:00.000Z\n");
    const connection = { host: "db.example.com", dbName: "d", dbUsername: "u", dbPassword: "p" };
    expect(postgres.prepare(connection).preview(event("e"))[0]).toMatchObject({
      url: "postgres://********@db.example.com:5432/d",
      body: { table: "public.posthog_event" },
    });
    expect(keyOf(() => postgres.prepare({ ...connection, port: "70000" }))).toBe("port");
    expect(keyOf(() => postgres.prepare({ ...connection, host: "a b" }))).toBe("host");
    expect(keyOf(() => postgres.prepare({ ...connection, tableName: "--" }))).toBe("tableName");
    expect(keyOf(() => postgres.prepare({ ...connection, dbName: "" }))).toBe("dbName");
  });
});
