import { describe, expect, test } from "vitest";
import { ApiError } from "@/lib/api/errors";
import {
  backfillIntervals,
  backfillRangeProblem,
  backfillWorkflowId,
  canCancelRun,
  intervalStartOf,
  MAX_BACKFILL_RUNS,
  parseBackfillDatetime,
  parseLogLevels,
  publicConfig,
  updatedDestination,
  validateDestination,
} from "./rules";

const S3_KEYS = { aws_access_key_id: "AKIA-admin", aws_secret_access_key: "admin-secret" };

const at = (text: string) => new Date(text);

function errorOf(run: () => unknown) {
  try {
    run();
  } catch (error) {
    if (error instanceof ApiError) return error.body;
    throw error;
  }
  throw new Error("expected an ApiError");
}

describe("intervals", () => {
  test("start at epoch-aligned boundaries: hours, days at 00:00 UTC, weeks on Thursdays, 5 minutes", () => {
    expect(intervalStartOf(at("2024-03-05T10:42:13Z"), "hour").toISOString()).toBe("2024-03-05T10:00:00.000Z");
    expect(intervalStartOf(at("2024-03-05T10:42:13Z"), "day").toISOString()).toBe("2024-03-05T00:00:00.000Z");
    expect(intervalStartOf(at("2024-03-05T10:42:13Z"), "week").toISOString()).toBe("2024-02-29T00:00:00.000Z");
    expect(at("2024-02-29T00:00:00Z").getUTCDay()).toBe(4);
    expect(intervalStartOf(at("2024-03-05T10:42:13Z"), "every 5 minutes").toISOString()).toBe("2024-03-05T10:40:00.000Z");
  });

  test("a backfill covers each interval touching [start, end) once", () => {
    const runs = backfillIntervals(at("2024-01-01T00:30:00Z"), at("2024-01-01T03:00:00Z"), "hour");
    expect(runs.map((r) => [r.start.toISOString(), r.end.toISOString()])).toEqual([
      ["2024-01-01T00:00:00.000Z", "2024-01-01T01:00:00.000Z"],
      ["2024-01-01T01:00:00.000Z", "2024-01-01T02:00:00.000Z"],
      ["2024-01-01T02:00:00.000Z", "2024-01-01T03:00:00.000Z"],
    ]);
    expect(backfillIntervals(at("2024-01-01T00:00:00Z"), at("2024-01-01T00:00:00Z"), "day")).toEqual([]);
  });

  test("a backfill of more than MAX_BACKFILL_RUNS intervals is refused, at the bound it is not", () => {
    const start = at("2020-01-01T00:00:00Z");
    expect(backfillIntervals(start, new Date(start.getTime() + MAX_BACKFILL_RUNS * 3_600_000), "hour")).toHaveLength(MAX_BACKFILL_RUNS);
    expect(errorOf(() => backfillIntervals(start, new Date(start.getTime() + (MAX_BACKFILL_RUNS + 1) * 3_600_000), "hour"))).toEqual({
      type: "validation_error",
      code: "too_many_intervals",
      detail: "A backfill can run at most 10,000 intervals; this one covers 10,001 intervals of hour. Backfill a shorter range.",
      attr: null,
    });
  });
});

describe("backfill input", () => {
  test("ISO datetimes with a zone are read; others get PostHog's messages", () => {
    expect(parseBackfillDatetime("2024-01-01T00:00:00+02:00").toISOString()).toBe("2023-12-31T22:00:00.000Z");
    expect(parseBackfillDatetime("2024-01-01T05:06:07.123456Z").toISOString()).toBe("2024-01-01T05:06:07.123Z");
    expect(parseBackfillDatetime("2024-01-01 05:06+0000").toISOString()).toBe("2024-01-01T05:06:00.000Z");
    expect(errorOf(() => parseBackfillDatetime("yesterday")).detail).toBe("Input yesterday is not a valid ISO formatted datetime.");
    expect(errorOf(() => parseBackfillDatetime("2024-02-30T00:00:00Z")).detail).toBe(
      "Input 2024-02-30T00:00:00Z is not a valid ISO formatted datetime.",
    );
    expect(errorOf(() => parseBackfillDatetime("2024-01-01T00:00:00")).detail).toBe("Input 2024-01-01T00:00:00 is naive.");
    expect(errorOf(() => parseBackfillDatetime("2024-01-01")).detail).toBe("Input 2024-01-01 is naive.");
  });

  test("range checks in PostHog's order and words", () => {
    const now = at("2024-06-01T12:00:00Z");
    const problem = (start: string, end: string | null, type = "S3") =>
      backfillRangeProblem(at(start), end ? at(end) : null, type, "hour", now)?.body.detail ?? null;
    expect(problem("2024-01-02T00:00:00Z", "2024-01-01T00:00:00Z")).toBe("The initial backfill datetime 'start_at' happens after 'end_at'");
    expect(problem("2024-01-01T00:00:00Z", "2024-01-01T00:00:00Z")).toBe("The initial backfill datetime 'start_at' happens after 'end_at'");
    expect(problem("2024-01-01T00:00:00Z", "2024-06-01T13:00:00Z")).toBeNull();
    expect(problem("2024-01-01T00:00:00Z", "2024-06-01T13:00:01Z")).toBe(
      "The provided 'end_at' (2024-06-01 13:00:01+00:00) is too far into the future. Cannot backfill beyond 1 batch period into the future.",
    );
    expect(problem("2024-01-01T00:00:00Z", null)).toBe("Backfilling a BatchExport with no end date is not allowed");
    expect(problem("2024-01-01T00:00:00Z", null, "HTTP")).toBeNull();
    expect(problem("2024-01-01T00:00:00Z", null, "NoOp")).toBeNull();
  });

  test("the backfill id is PostHog's workflow id", () => {
    const id = "0190a1b2-0000-7000-8000-000000000000";
    expect(backfillWorkflowId(id, at("2024-01-01T00:00:00Z"), at("2024-01-02T00:00:00Z"))).toBe(
      `${id}-Backfill-2024-01-01T00:00:00+00:00-2024-01-02T00:00:00+00:00`,
    );
    expect(backfillWorkflowId(id, at("2024-01-01T00:00:00.5Z"), null)).toBe(`${id}-Backfill-2024-01-01T00:00:00.500000+00:00-None`);
  });
});

describe("destinations", () => {
  test("configs get their type's defaults and lose unknown keys", () => {
    expect(validateDestination("Postgres", { user: "u", password: "p", host: "h", database: "d", extra: 1 })).toEqual({
      type: "Postgres",
      config: {
        user: "u",
        password: "p",
        host: "h",
        database: "d",
        port: 5432,
        schema: "public",
        table_name: "events",
        has_self_signed_cert: false,
        exclude_events: null,
        include_events: null,
      },
    });
    expect(validateDestination("Redshift", { user: "u", password: "p", host: "h", database: "d" }).config).toMatchObject({
      port: 5439,
      properties_data_type: "varchar",
    });
    expect(validateDestination("S3", { bucket_name: "b", region: "us-east-1", prefix: "", ...S3_KEYS }).config).toMatchObject({
      file_format: "JSONLines",
      compression: null,
      endpoint_url: null,
    });
    expect(validateDestination("HTTP", { url: "http://x", token: "t" }).type).toBe("HTTP");
    expect(validateDestination("NoOp", {}).config).toEqual({ arg: null });
  });

  test("a missing field is required_field, a wrong one unsupported_value, an unknown type unsupported_destination", () => {
    expect(errorOf(() => validateDestination("S3", { region: "r", prefix: "p" }))).toEqual({
      type: "validation_error",
      code: "required_field",
      detail: "The required configuration field 'bucket_name' was not found",
      attr: "destination__config__bucket_name",
    });
    expect(errorOf(() => validateDestination("Postgres", { user: "u", password: "p", host: "h", database: "d", port: "5432" }))).toEqual({
      type: "validation_error",
      code: "unsupported_value",
      detail: "Unsupported value for configuration field 'port': expected number.",
      attr: "destination__config__port",
    });
    expect(
      errorOf(() => validateDestination("S3", { bucket_name: "b", region: "r", prefix: "p", compression: "zip", ...S3_KEYS })).detail,
    ).toBe(`Unsupported value for configuration field 'compression': expected one of "gzip", "brotli".`);
    expect(errorOf(() => validateDestination("Kafka", {}))).toEqual({
      type: "validation_error",
      code: "unsupported_destination",
      detail: "Unsupported destination type 'Kafka'. Available destinations: S3, Postgres, Redshift, HTTP, NoOp.",
      attr: "destination__type",
    });
    for (const type of ["Snowflake", "BigQuery", "Databricks", "AzureBlob"])
      expect(errorOf(() => validateDestination(type, {}))).toMatchObject({
        code: "unsupported_destination",
        detail: `The ${type} destination is not available in Hedgerow. Available destinations: S3, Postgres, Redshift, HTTP, NoOp.`,
      });
  });

  test("secret fields never leave: S3 keys, passwords, tokens", () => {
    expect(publicConfig("S3", { bucket_name: "b", aws_access_key_id: "k", aws_secret_access_key: "s" })).toEqual({ bucket_name: "b" });
    expect(publicConfig("Postgres", { user: "u", password: "p" })).toEqual({ user: "u" });
    expect(publicConfig("Redshift", { user: "u", password: "p" })).toEqual({ user: "u" });
    expect(publicConfig("HTTP", { url: "u", token: "t" })).toEqual({ url: "u" });
  });
});

describe("runs and logs", () => {
  test("only unfinished runs can be cancelled", () => {
    expect(["Starting", "Running", "FailedRetryable"].every(canCancelRun)).toBe(true);
    expect(["Completed", "Failed", "Cancelled", "Terminated", "TimedOut", "ContinuedAsNew"].some(canCancelRun)).toBe(false);
  });

  test("levels are a comma list, any case; unknown ones match nothing", () => {
    expect(parseLogLevels(undefined)).toBeNull();
    expect(parseLogLevels(" ")).toBeNull();
    expect(parseLogLevels("error, warning")).toEqual(["WARNING", "ERROR"]);
    expect(parseLogLevels("nope")).toEqual([]);
  });
});

describe("destinations: where a config may point", () => {
  test("S3 without both keys is refused: the server's own credentials are never used", () => {
    const bucket = { bucket_name: "b", region: "us-east-1", prefix: "" };
    for (const keys of [
      {},
      { aws_access_key_id: "k" },
      { aws_secret_access_key: "s" },
      { aws_access_key_id: "", aws_secret_access_key: "s" },
      { aws_access_key_id: null, aws_secret_access_key: null },
    ])
      expect(
        errorOf(() => validateDestination("S3", { ...bucket, ...keys })),
        JSON.stringify(keys),
      ).toMatchObject({
        code: "required_field",
        attr: expect.stringMatching(/^destination__config__aws_(access_key_id|secret_access_key)$/),
        detail: expect.stringContaining("never with the server's own credentials"),
      });
  });

  test("a PostgreSQL host is a host name or an IP address, never a unix socket or a list", () => {
    const postgres = { user: "u", password: "p", database: "d" };
    for (const host of ["warehouse.example.com", "10.0.0.5", "::1", "[::1]", "db_1"])
      expect(validateDestination("Postgres", { ...postgres, host }).config, host).toMatchObject({ host });
    for (const host of ["/var/run/postgresql", "/tmp", "h/../x", "a,b", "host=/tmp", "x y", "@/tmp"])
      expect(
        errorOf(() => validateDestination("Redshift", { ...postgres, host })),
        host,
      ).toMatchObject({
        code: "unsupported_value",
        attr: "destination__config__host",
        detail: "Unsupported value for configuration field 'host': it must be a host name or an IP address.",
      });
  });

  test("URLs are http or https", () => {
    for (const url of ["file:///etc/passwd", "unix:/var/run/docker.sock", "gopher://x", "ftp://x/", "not a url", "//x"])
      expect(
        errorOf(() => validateDestination("HTTP", { url, token: "t" })),
        url,
      ).toMatchObject({ code: "unsupported_value", attr: "destination__config__url" });
    expect(
      errorOf(() => validateDestination("S3", { bucket_name: "b", region: "r", prefix: "", endpoint_url: "file:///x", ...S3_KEYS })),
    ).toMatchObject({
      attr: "destination__config__endpoint_url",
    });
  });
});

describe("destinations: an update that changes the target drops the stored secrets", () => {
  const stored = {
    Postgres: {
      type: "Postgres",
      config: validateDestination("Postgres", { user: "admin", password: "admin-password", host: "db.example.com", database: "warehouse" })
        .config,
    },
    S3: { type: "S3", config: validateDestination("S3", { bucket_name: "exports", region: "eu-west-1", prefix: "p/", ...S3_KEYS }).config },
    HTTP: { type: "HTTP", config: validateDestination("HTTP", { url: "https://eu.example.com/batch/", token: "admin-token" }).config },
  } as const;

  test("fields that are not the target keep the secrets, as PostHog's merge does", () => {
    expect(
      updatedDestination(stored.Postgres, { config: { schema: "analytics", table_name: "t", has_self_signed_cert: true } }).config,
    ).toMatchObject({ password: "admin-password" });
    // The whole form sent back unchanged (defaults written out) is no new target.
    const { password: _, ...form } = stored.Postgres.config as Record<string, unknown>;
    expect(updatedDestination(stored.Postgres, { type: "Postgres", config: { ...form, port: 5432 } }).config).toMatchObject({
      password: "admin-password",
    });
    expect(updatedDestination(stored.S3, { config: { prefix: "q/", compression: "gzip" } }).config).toMatchObject(S3_KEYS);
    expect(updatedDestination(stored.HTTP, { config: { include_events: ["$pageview"] } }).config).toMatchObject({ token: "admin-token" });
  });

  const retargets: [keyof typeof stored, Record<string, unknown>, string | undefined, string][] = [
    ["Postgres", { host: "attacker.example.com" }, undefined, "password"],
    ["Postgres", { port: 6543 }, undefined, "password"],
    ["Postgres", { database: "other" }, undefined, "password"],
    ["Postgres", { user: "someone" }, undefined, "password"],
    ["Postgres", {}, "Redshift", "password"],
    ["Postgres", { url: "https://attacker.example.com/" }, "HTTP", "token"],
    ["S3", { endpoint_url: "https://attacker.example.com" }, undefined, "aws_access_key_id"],
    ["S3", { bucket_name: "attacker-bucket" }, undefined, "aws_access_key_id"],
    ["S3", { region: "us-east-1" }, undefined, "aws_access_key_id"],
    ["HTTP", { url: "https://attacker.example.com/batch/" }, undefined, "token"],
    ["HTTP", { url: "https://eu.example.com/batch/?x" }, undefined, "token"],
    ["HTTP", { user: "u", host: "attacker.example.com", database: "d" }, "Postgres", "token"],
  ];

  test.each(retargets)("%s %j (type %s): refused without new secrets, the stored ones never kept", (from, config, type) => {
    const error = errorOf(() => updatedDestination(stored[from], { type, config }));
    expect(error).toMatchObject({ type: "validation_error", code: "required_field" });
    expect(error.attr).toMatch(/^destination__config__(password|token|aws_access_key_id)$/);
  });

  test("with new secrets sent, the new target stores those, and the stored ones of every field are gone", () => {
    const moved = updatedDestination(stored.Postgres, { config: { host: "attacker.example.com", password: "mine" } });
    expect(moved.config).toMatchObject({ host: "attacker.example.com", password: "mine", user: "admin" });
    const s3 = updatedDestination(stored.S3, {
      config: { endpoint_url: "https://attacker.example.com", aws_access_key_id: "mine", aws_secret_access_key: "mine" },
    });
    expect(JSON.stringify(s3)).not.toContain("admin");
    // One secret sent is not enough where two are needed: the other stored one does not follow.
    expect(errorOf(() => updatedDestination(stored.S3, { config: { bucket_name: "x", aws_access_key_id: "mine" } }))).toMatchObject({
      attr: "destination__config__aws_secret_access_key",
    });
    expect(updatedDestination(stored.HTTP, { config: { url: "https://attacker.example.com/", token: "mine" } }).config).toMatchObject({
      token: "mine",
    });
  });
});
