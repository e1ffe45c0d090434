import { describe, expect, inject, test } from "vitest";
import { ApiClient, joinAs, signUp, type TestUser } from "../support/api";

const baseUrl = inject("baseUrl");

const NOT_FOUND = { type: "invalid_request", code: "not_found", detail: "Not found.", attr: null };
const HOUR = 3_600_000;

const SECRETS = ["AKIA-secret-key-id", "s3-secret-access-key", "pg-password-value", "http-token-value"];
const S3 = {
  type: "S3",
  config: {
    bucket_name: "exports",
    region: "us-east-1",
    prefix: "posthog/",
    aws_access_key_id: SECRETS[0],
    aws_secret_access_key: SECRETS[1],
  },
};
const POSTGRES = { type: "Postgres", config: { user: "hedgerow", password: SECRETS[2], host: "127.0.0.1", database: "warehouse" } };
const HTTP = { type: "HTTP", config: { url: "http://127.0.0.1:9/batch", token: SECRETS[3] } };

const exportsPath = (organizationId: string) => `/api/organizations/${organizationId}/batch_exports/`;
const projectExportsPath = (projectId: number | string) => `/api/projects/${projectId}/batch_exports/`;

async function createExport(user: TestUser, body: Record<string, unknown> = {}, client = user.session) {
  const created = await client.post(exportsPath(user.organizationId), { name: "Warehouse", destination: S3, interval: "hour", ...body });
  expect(created.status, created.text).toBe(201);
  return created.body;
}

function expectNoSecrets(body: unknown) {
  const text = JSON.stringify(body);
  for (const secret of SECRETS) expect(text).not.toContain(secret);
  for (const field of ["aws_access_key_id", "aws_secret_access_key", "password", "token"]) expect(text).not.toContain(`"${field}"`);
}

/** The hour intervals a backfill of [start, end) runs, newest first (as runs are listed). */
function hourIntervalEnds(start: number, end: number): string[] {
  const ends: string[] = [];
  for (let at = Math.floor(start / HOUR) * HOUR + HOUR; at <= Math.ceil(end / HOUR) * HOUR; at += HOUR)
    ends.push(new Date(at).toISOString());
  return ends.reverse();
}

describe("batch exports: create, read, update, delete", () => {
  // The file's first requests load the routes' code into the server: slow on a loaded machine.
  test("create answers the export with PostHog's defaults and without secrets", async () => {
    const owner = await signUp(baseUrl);
    const created = await owner.session.post(exportsPath(owner.organizationId), { name: " Warehouse ", destination: S3, interval: "hour" });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      team_id: owner.projectId,
      name: "Warehouse",
      model: "events",
      destination: {
        type: "S3",
        config: {
          bucket_name: "exports",
          region: "us-east-1",
          prefix: "posthog/",
          compression: null,
          encryption: null,
          kms_key_id: null,
          endpoint_url: null,
          file_format: "JSONLines",
          exclude_events: null,
          include_events: null,
        },
      },
      interval: "hour",
      paused: false,
      created_at: expect.any(String),
      last_updated_at: expect.any(String),
      last_paused_at: null,
      start_at: null,
      end_at: null,
      latest_runs: [],
      hogql_query: null,
      schema: null,
    });
    expectNoSecrets(created.body);
    const retrieved = await owner.session.get(`${exportsPath("@current")}${created.body.id}/`);
    expect(retrieved.status).toBe(200);
    expect(retrieved.body).toEqual(created.body);

    const persons = await createExport(owner, { model: "persons", interval: "every 5 minutes", destination: POSTGRES, paused: true });
    expect(persons).toMatchObject({ model: "persons", interval: "every 5 minutes", paused: true, last_paused_at: expect.any(String) });
    expect(persons.destination.config).toMatchObject({ port: 5432, schema: "public", table_name: "events", has_self_signed_cert: false });
    expectNoSecrets(persons);
    expect((await createExport(owner, { model: null })).model).toBe("events");
    expect((await createExport(owner, { model: "" })).model).toBe("events");
    const bounded = await createExport(owner, { start_at: "2024-01-01T00:00:00", end_at: "2024-02-01T00:00:00+01:00" });
    expect(bounded).toMatchObject({ start_at: "2024-01-01T00:00:00.000Z", end_at: "2024-01-31T23:00:00.000Z" });
  }, 120_000);

  test("list: newest first, paginated, deleted ones left out, no secrets", async () => {
    const owner = await signUp(baseUrl);
    const first = await createExport(owner, { name: "first" });
    await createExport(owner, { name: "second", destination: POSTGRES });
    await createExport(owner, { name: "third", destination: HTTP });
    const page = await owner.session.get(`${exportsPath(owner.organizationId)}?limit=2`);
    expect(page.status).toBe(200);
    expect(page.body.count).toBe(3);
    expect(page.body.results.map((e: { name: string }) => e.name)).toEqual(["third", "second"]);
    expect(page.body.next).toBe(`${baseUrl}${exportsPath(owner.organizationId)}?limit=2&offset=2`);
    expectNoSecrets(page.body);
    expect((await owner.session.delete(`${exportsPath(owner.organizationId)}${first.id}/`)).status).toBe(204);
    const after = await owner.session.get(exportsPath(owner.organizationId));
    expect(after.body.results.map((e: { name: string }) => e.name)).toEqual(["third", "second"]);
    expect(after.body.count).toBe(2);
  });

  test("PATCH merges destination.config, keeps secrets unreturned, validates the merged config", async () => {
    const owner = await signUp(baseUrl);
    const created = await createExport(owner, { destination: POSTGRES });
    const path = `${exportsPath(owner.organizationId)}${created.id}/`;
    const patched = await owner.session.patch(path, {
      name: "Renamed",
      interval: "day",
      destination: { config: { table_name: "ph_events" } },
    });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ name: "Renamed", interval: "day", destination: { type: "Postgres" } });
    expect(patched.body.destination.config).toMatchObject({
      user: "hedgerow",
      host: "127.0.0.1",
      database: "warehouse",
      table_name: "ph_events",
    });
    expectNoSecrets(patched.body);
    expect(Date.parse(patched.body.last_updated_at)).toBeGreaterThanOrEqual(Date.parse(created.last_updated_at));

    // Another type is another target: the stored password does not follow it.
    const bare = await owner.session.patch(path, { destination: { type: "Redshift", config: {} } });
    expect(bare.status).toBe(400);
    expect(bare.body).toMatchObject({ code: "required_field", attr: "destination__config__password" });
    const redshift = await owner.session.patch(path, {
      destination: { type: "Redshift", config: { port: 6543, password: "redshift-password" } },
    });
    expect(redshift.status).toBe(200);
    expect(redshift.body.destination).toMatchObject({
      type: "Redshift",
      config: { properties_data_type: "varchar", port: 6543, table_name: "ph_events" },
    });
    expectNoSecrets(redshift.body);

    const wrong = await owner.session.patch(path, { destination: { config: { port: "x" } } });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual({
      type: "validation_error",
      code: "unsupported_value",
      detail: "Unsupported value for configuration field 'port': expected number.",
      attr: "destination__config__port",
    });
    const toHttp = await owner.session.patch(path, { destination: { type: "HTTP", config: { url: "http://127.0.0.1:9/" } } });
    expect(toHttp.body).toMatchObject({ code: "required_field", detail: "The required configuration field 'token' was not found" });
    const paused = await owner.session.patch(path, { paused: true });
    expect(paused.body).toMatchObject({ paused: true, last_paused_at: expect.any(String) });
    expect((await owner.session.get(path)).body).toEqual(paused.body);
  });

  test("bad input gets PostHog's codes and messages", async () => {
    const owner = await signUp(baseUrl);
    const create = (body: Record<string, unknown>) => owner.session.post(exportsPath(owner.organizationId), body);
    const valid = { name: "x", destination: S3, interval: "hour" };
    const cases: [Record<string, unknown>, Record<string, unknown>][] = [
      [
        { destination: S3, interval: "hour" },
        { code: "required", attr: "name", detail: "This field is required." },
      ],
      [
        { ...valid, name: "  " },
        { code: "blank", attr: "name" },
      ],
      [
        { name: "x", interval: "hour" },
        { code: "required", attr: "destination" },
      ],
      [
        { name: "x", destination: S3 },
        { code: "required", attr: "interval" },
      ],
      [
        { ...valid, interval: "minute" },
        { code: "invalid_choice", attr: "interval", detail: '"minute" is not a valid choice.' },
      ],
      [
        { ...valid, model: "sessions" },
        { code: "invalid_choice", attr: "model" },
      ],
      [
        { ...valid, start_at: "soon" },
        { attr: "start_at", detail: "Datetime has wrong format." },
      ],
      [
        { ...valid, end_at: "9999-12-31T23:59:59-10:00" },
        { attr: "end_at", detail: "Datetime is out of range." },
      ],
      [
        { ...valid, last_paused_at: "0000-01-01T00:00:00Z" },
        { attr: "last_paused_at", detail: "Datetime is out of range." },
      ],
      [
        { ...valid, destination: { type: "S3", config: { region: "r", prefix: "p" } } },
        {
          code: "required_field",
          attr: "destination__config__bucket_name",
          detail: "The required configuration field 'bucket_name' was not found",
        },
      ],
      [
        { ...valid, destination: { type: "Postgres", config: { ...POSTGRES.config, has_self_signed_cert: "yes" } } },
        { code: "unsupported_value", attr: "destination__config__has_self_signed_cert" },
      ],
      [
        { ...valid, destination: { type: "Kafka", config: {} } },
        {
          code: "unsupported_destination",
          attr: "destination__type",
          detail: "Unsupported destination type 'Kafka'. Available destinations: S3, Postgres, Redshift, HTTP, NoOp.",
        },
      ],
      [
        { ...valid, destination: { type: "Snowflake", config: {} } },
        {
          code: "unsupported_destination",
          detail: "The Snowflake destination is not available in Hedgerow. Available destinations: S3, Postgres, Redshift, HTTP, NoOp.",
        },
      ],
      [{ ...valid, destination: { type: "BigQuery", config: {} } }, { code: "unsupported_destination" }],
      [
        { ...valid, team_id: 2_147_483_647 },
        { code: "does_not_exist", attr: "team_id", detail: "Object with id=2147483647 does not exist." },
      ],
      [
        { ...valid, model: "persons", destination: HTTP },
        { code: "invalid_input", attr: "model", detail: "HTTP batch exports only support the events model" },
      ],
      [
        { ...valid, model: "persons", hogql_query: "SELECT event FROM events" },
        { code: "invalid_input", attr: "model" },
      ],
    ];
    for (const [body, expected] of cases) {
      const response = await create(body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body, JSON.stringify(body)).toMatchObject({ type: "validation_error", ...expected });
    }
    expect((await owner.session.get(exportsPath(owner.organizationId))).body.count).toBe(0);
    expect((await owner.session.get(`${exportsPath(owner.organizationId)}not-a-uuid/`)).status).toBe(404);
  });

  test("a persons export: S3 takes it; turning it into an HTTP one, or an HTTP export into persons, is a 400 on model", async () => {
    const owner = await signUp(baseUrl);
    const persons = await createExport(owner, { model: "persons" });
    expect(persons.model).toBe("persons");
    const toHttp = await owner.session.patch(`${exportsPath(owner.organizationId)}${persons.id}/`, { destination: HTTP });
    expect(toHttp.status).toBe(400);
    expect(toHttp.body).toMatchObject({ type: "validation_error", code: "invalid_input", attr: "model" });
    const http = await createExport(owner, { destination: HTTP });
    const toPersons = await owner.session.patch(`${exportsPath(owner.organizationId)}${http.id}/`, { model: "persons" });
    expect(toPersons.body).toMatchObject({
      code: "invalid_input",
      attr: "model",
      detail: "HTTP batch exports only support the events model",
    });
    expect((await owner.session.patch(`${exportsPath(owner.organizationId)}${http.id}/`, { model: "events" })).status).toBe(200);
  });

  test("hogql_query becomes the export's schema; PostHog's refusals are 400s on hogql_query", async () => {
    const owner = await signUp(baseUrl);
    const created = await createExport(owner, { hogql_query: "SELECT event, properties.$browser AS browser FROM events" });
    expect(created.hogql_query).toMatch(/^SELECT event, properties\.\$browser AS browser FROM events/);
    expect(created.schema.fields.map((field: { alias: string }) => field.alias)).toEqual(["event", "browser"]);
    expect(created.schema.values).toEqual({});
    const path = `${exportsPath(owner.organizationId)}${created.id}/`;
    const cleared = await owner.session.patch(path, { hogql_query: "" });
    expect(cleared.body).toMatchObject({ hogql_query: null, schema: null });
    for (const [query, detail] of [
      ["SELECT event FROM events UNION ALL SELECT event FROM events", "UNIONs are not supported"],
      ["SELECT 1", "Query must SELECT FROM events"],
      ["SELECT id FROM persons", "Query must only SELECT FROM events"],
      ["SELECT event FROM events e JOIN events f ON e.uuid = f.uuid", "JOINs are not supported"],
      ["SELEC event FROM", "Failed to parse query"],
    ]) {
      const refused = await owner.session.patch(path, { hogql_query: query });
      expect(refused.status, query).toBe(400);
      expect(refused.body, query).toMatchObject({ type: "validation_error", attr: "hogql_query", detail });
    }
  });

  test("DELETE is soft: the export is gone from reads, its pending runs cancelled", async () => {
    const owner = await signUp(baseUrl);
    const created = await createExport(owner);
    const path = `${exportsPath(owner.organizationId)}${created.id}/`;
    expect(
      (await owner.session.post(`${path}backfill/`, { start_at: "2024-01-01T00:00:00Z", end_at: "2024-01-01T02:00:00Z" })).status,
    ).toBe(200);
    const deleted = await owner.session.delete(path);
    expect(deleted.status).toBe(204);
    expect(deleted.text).toBe("");
    for (const read of [path, `${path}runs/`, `${path}logs/`]) expect((await owner.session.get(read)).body).toEqual(NOT_FOUND);
    expect((await owner.session.patch(path, { name: "back" })).status).toBe(404);
    expect((await owner.session.delete(path)).status).toBe(404);
  });
});

describe("batch exports: pause, unpause, backfill", () => {
  test("pause sets last_paused_at once; unpause resumes; unpause with backfill runs the paused gap", async () => {
    const owner = await signUp(baseUrl);
    const created = await createExport(owner);
    const path = `${exportsPath(owner.organizationId)}${created.id}/`;
    const paused = await owner.session.post(`${path}pause/`);
    expect(paused.status).toBe(200);
    expect(paused.body).toEqual({ paused: true });
    const first = (await owner.session.get(path)).body;
    expect(first).toMatchObject({ paused: true, last_paused_at: expect.any(String) });
    expect((await owner.session.post(`${path}pause/`)).body).toEqual({ paused: true });
    expect((await owner.session.get(path)).body.last_paused_at).toBe(first.last_paused_at);
    expect((await owner.session.post(`${path}unpause/`)).body).toEqual({ paused: false });
    expect((await owner.session.get(path)).body.paused).toBe(false);
    // Not paused: backfilling the gap has nothing to do.
    expect((await owner.session.post(`${path}unpause/`, { backfill: true })).body).toEqual({ paused: false });
    expect((await owner.session.get(`${path}runs/`)).body.count).toBe(0);

    const pausedAt = Date.now() - 3.5 * HOUR;
    const gap = await createExport(owner, { paused: true, last_paused_at: new Date(pausedAt).toISOString() });
    const gapPath = `${exportsPath(owner.organizationId)}${gap.id}/`;
    expect((await owner.session.post(`${gapPath}unpause/`, { backfill: true })).body).toEqual({ paused: false });
    const runs = (await owner.session.get(`${gapPath}runs/`)).body;
    const expectedEnds = hourIntervalEnds(pausedAt, Math.floor(Date.now() / HOUR) * HOUR);
    expect(runs.results.map((r: { data_interval_end: string }) => r.data_interval_end)).toEqual(expectedEnds);
    expect(runs.results.every((r: { status: string; backfill: string | null }) => r.status === "Starting" && r.backfill)).toBe(true);
    expect((await owner.session.post(`${gapPath}unpause/`, { backfill: "yes" })).body).toMatchObject({ attr: "backfill" });
  });

  test("backfill: one Starting run per interval, PostHog's backfill id, latest_runs shows the 10 newest", async () => {
    const owner = await signUp(baseUrl);
    const created = await createExport(owner);
    const path = `${exportsPath(owner.organizationId)}${created.id}/`;
    const backfill = await owner.session.post(`${path}backfill/`, {
      start_at: "2024-01-01T00:30:00Z",
      end_at: "2024-01-01T12:00:00+00:00",
    });
    expect(backfill.status).toBe(200);
    expect(backfill.body).toEqual({ backfill_id: `${created.id}-Backfill-2024-01-01T00:30:00+00:00-2024-01-01T12:00:00+00:00` });
    const runs = await owner.session.get(`${path}runs/?limit=5`);
    expect(runs.body.count).toBe(12);
    expect(runs.body.next).toBe(`${baseUrl}${path}runs/?limit=5&offset=5`);
    expect(runs.body.results[0]).toEqual({
      id: expect.any(String),
      status: "Starting",
      records_completed: null,
      records_total_count: null,
      latest_error: null,
      data_interval_start: "2024-01-01T11:00:00.000Z",
      data_interval_end: "2024-01-01T12:00:00.000Z",
      cursor: null,
      created_at: expect.any(String),
      finished_at: null,
      last_updated_at: expect.any(String),
      batch_export: created.id,
      backfill: expect.any(String),
    });
    const latest = (await owner.session.get(path)).body.latest_runs;
    expect(latest.map((r: { data_interval_end: string }) => r.data_interval_end)).toEqual(
      hourIntervalEnds(Date.parse("2024-01-01T00:00:00Z"), Date.parse("2024-01-01T12:00:00Z")).slice(0, 10),
    );
    const listed = (await owner.session.get(exportsPath(owner.organizationId))).body.results[0];
    expect(listed.latest_runs).toEqual(latest);
  });

  test("backfill input is checked with PostHog's messages, and its size is bounded", async () => {
    const owner = await signUp(baseUrl);
    const s3 = await createExport(owner);
    const http = await createExport(owner, { destination: HTTP });
    const backfill = (id: string, body: Record<string, unknown>) =>
      owner.session.post(`${exportsPath(owner.organizationId)}${id}/backfill/`, body);
    const future = new Date(Date.now() + 3 * HOUR).toISOString();
    const cases: [Record<string, unknown>, string][] = [
      [{ start_at: "not a date", end_at: "2024-01-02T00:00:00Z" }, "Input not a date is not a valid ISO formatted datetime."],
      [{ start_at: "2024-01-01T00:00:00", end_at: "2024-01-02T00:00:00Z" }, "Input 2024-01-01T00:00:00 is naive."],
      [
        { start_at: "2024-01-02T00:00:00Z", end_at: "2024-01-01T00:00:00Z" },
        "The initial backfill datetime 'start_at' happens after 'end_at'",
      ],
      [{ start_at: "2024-01-01T00:00:00Z" }, "Backfilling a BatchExport with no end date is not allowed"],
      [
        { start_at: "2020-01-01T00:00:00Z", end_at: "2024-01-01T00:00:00Z" },
        "A backfill can run at most 10,000 intervals; this one covers 35,064 intervals of hour. Backfill a shorter range.",
      ],
      [{ end_at: "2024-01-01T00:00:00Z" }, "There is no data to backfill: give 'start_at'."],
    ];
    for (const [body, detail] of cases) {
      const response = await backfill(s3.id, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.detail).toBe(detail);
    }
    const tooFar = await backfill(s3.id, { start_at: "2024-01-01T00:00:00Z", end_at: future });
    expect(tooFar.body.detail).toMatch(
      /^The provided 'end_at' \(.+\+00:00\) is too far into the future\. Cannot backfill beyond 1 batch period into the future\.$/,
    );
    expect((await backfill(s3.id, { start_at: 5 })).body).toMatchObject({ attr: "start_at", code: "invalid_input" });
    expect((await owner.session.get(`${exportsPath(owner.organizationId)}${s3.id}/runs/`)).body.count).toBe(0);

    // HTTP may be backfilled open-ended: up to the last interval ended.
    const start = Date.now() - 2.5 * HOUR;
    const open = await backfill(http.id, { start_at: new Date(start).toISOString() });
    expect(open.status).toBe(200);
    expect(open.body.backfill_id).toMatch(/-None$/);
    const runs = (await owner.session.get(`${exportsPath(owner.organizationId)}${http.id}/runs/`)).body;
    expect(runs.results.map((r: { data_interval_end: string }) => r.data_interval_end)).toEqual(
      hourIntervalEnds(start, Math.floor(Date.now() / HOUR) * HOUR),
    );
  });
});

describe("batch exports: runs and logs", () => {
  test("runs: filter by status, retrieve, retry makes a new run of the interval, cancel once", async () => {
    const owner = await signUp(baseUrl);
    const created = await createExport(owner);
    const path = `${exportsPath(owner.organizationId)}${created.id}/`;
    await owner.session.post(`${path}backfill/`, { start_at: "2024-01-01T00:00:00Z", end_at: "2024-01-01T03:00:00Z" });
    const runs = (await owner.session.get(`${path}runs/`)).body.results;
    expect(runs).toHaveLength(3);
    const run = runs[2];
    expect((await owner.session.get(`${path}runs/${run.id}/`)).body).toEqual(run);

    const cancelled = await owner.session.post(`${path}runs/${run.id}/cancel/`);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toEqual({ cancelled: true });
    const afterCancel = (await owner.session.get(`${path}runs/${run.id}/`)).body;
    expect(afterCancel).toMatchObject({ status: "Cancelled", finished_at: expect.any(String) });
    const again = await owner.session.post(`${path}runs/${run.id}/cancel/`);
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({ type: "validation_error", detail: "Cannot cancel a run that is already finished ('Cancelled')." });

    const retried = await owner.session.post(`${path}runs/${run.id}/retry/`);
    expect(retried.status).toBe(200);
    expect(retried.body).toEqual({ backfill_id: `${created.id}-Backfill-2024-01-01T00:00:00+00:00-2024-01-01T01:00:00+00:00` });
    const all = (await owner.session.get(`${path}runs/`)).body;
    expect(all.count).toBe(4);
    expect(all.results[0]).toMatchObject({
      status: "Starting",
      data_interval_start: run.data_interval_start,
      data_interval_end: run.data_interval_end,
    });
    expect(all.results[0].id).not.toBe(run.id);

    expect((await owner.session.get(`${path}runs/?status=Cancelled`)).body.results.map((r: { id: string }) => r.id)).toEqual([run.id]);
    expect((await owner.session.get(`${path}runs/?status=Starting`)).body.count).toBe(3);
    expect((await owner.session.get(`${path}runs/?status=Completed`)).body.count).toBe(0);
    expect((await owner.session.get(`${path}runs/?status=done`)).body).toMatchObject({ code: "invalid_choice", attr: "status" });

    // A run of another export is not found through this one.
    const other = await createExport(owner);
    const otherPath = `${exportsPath(owner.organizationId)}${other.id}/`;
    expect((await owner.session.get(`${otherPath}runs/${run.id}/`)).body).toEqual(NOT_FOUND);
    expect((await owner.session.post(`${otherPath}runs/${run.id}/retry/`)).body).toEqual(NOT_FOUND);
    expect((await owner.session.post(`${otherPath}runs/${run.id}/cancel/`)).body).toEqual(NOT_FOUND);
  });

  test("logs: what was done, newest first, filtered by level, search, run and time; paginated", async () => {
    const owner = await signUp(baseUrl);
    const created = await createExport(owner);
    const path = `${exportsPath(owner.organizationId)}${created.id}/`;
    await owner.session.post(`${path}pause/`);
    await owner.session.post(`${path}unpause/`);
    await owner.session.post(`${path}backfill/`, { start_at: "2024-01-01T00:00:00Z", end_at: "2024-01-01T01:00:00Z" });
    const run = (await owner.session.get(`${path}runs/`)).body.results[0];
    await owner.session.post(`${path}runs/${run.id}/cancel/`);

    const logs = await owner.session.get(`${path}logs/`);
    expect(logs.status).toBe(200);
    expect(logs.body.count).toBe(5);
    expect(logs.body.results.map((e: { message: string }) => e.message)).toEqual([
      `Cancelled by ${owner.email}.`,
      `Backfill ${created.id}-Backfill-2024-01-01T00:00:00+00:00-2024-01-01T01:00:00+00:00 requested by ${owner.email}: 1 interval.`,
      `Unpaused by ${owner.email}.`,
      `Paused by ${owner.email}.`,
      `Created by ${owner.email}.`,
    ]);
    expect(logs.body.results[0]).toEqual({
      log_source_id: created.id,
      instance_id: run.id,
      timestamp: expect.any(String),
      level: "INFO",
      message: `Cancelled by ${owner.email}.`,
    });
    const get = async (query: string) => (await owner.session.get(`${path}logs/?${query}`)).body;
    expect((await get("level=info,Warning")).count).toBe(5);
    expect((await get("level=error")).count).toBe(0);
    expect((await get("level=verbose")).count).toBe(0);
    expect((await get("search=PAUSED")).results.map((e: { message: string }) => e.message)).toEqual([
      `Unpaused by ${owner.email}.`,
      `Paused by ${owner.email}.`,
    ]);
    // `%` and `_` are searched for literally.
    expect((await get("search=%25")).count).toBe(0);
    expect((await get("search=_")).count).toBe(0);
    expect((await get(`instance_id=${run.id}`)).results.map((e: { message: string }) => e.message)).toEqual([
      `Cancelled by ${owner.email}.`,
    ]);
    const oldest = logs.body.results[4].timestamp;
    expect((await get(`after=${encodeURIComponent(oldest)}`)).results.every((e: { timestamp: string }) => e.timestamp > oldest)).toBe(true);
    expect((await get(`before=${encodeURIComponent(oldest)}`)).count).toBe(0);
    const page = await get("limit=2");
    expect(page.results).toHaveLength(2);
    expect(page.next).toBe(`${baseUrl}${path}logs/?limit=2&offset=2`);
    expect((await get("limit=2&offset=4")).results.map((e: { message: string }) => e.message)).toEqual([`Created by ${owner.email}.`]);
    expect(await get("limit=501")).toMatchObject({ code: "max_value", attr: "limit" });
    expect(await get("limit=0")).toMatchObject({ code: "min_value", attr: "limit" });
    expect(await get("instance_id=x")).toMatchObject({ attr: "instance_id" });
    expect(await get("after=yesterday")).toMatchObject({ attr: "after" });
    expect(await get("before=0000-01-01T00:00:00Z")).toMatchObject({ attr: "before", detail: "Datetime is out of range." });
  });
});

describe("batch exports: who may do what", () => {
  test("personal API keys: batch_export:read reads, batch_export:write writes, others neither", async () => {
    const owner = await signUp(baseUrl);
    const created = await createExport(owner);
    const path = `${exportsPath(owner.organizationId)}${created.id}/`;
    await owner.session.post(`${path}backfill/`, { start_at: "2024-01-01T00:00:00Z", end_at: "2024-01-01T01:00:00Z" });
    const run = (await owner.session.get(`${path}runs/`)).body.results[0];
    const reads = [exportsPath(owner.organizationId), path, `${path}runs/`, `${path}runs/${run.id}/`, `${path}logs/`];
    const writes: [string, string, unknown][] = [
      ["POST", exportsPath(owner.organizationId), { name: "k", destination: HTTP, interval: "hour" }],
      ["PATCH", path, { name: "by key" }],
      ["POST", `${path}pause/`, undefined],
      ["POST", `${path}unpause/`, undefined],
      ["POST", `${path}backfill/`, { start_at: "2024-01-02T00:00:00Z", end_at: "2024-01-02T01:00:00Z" }],
      ["POST", `${path}runs/${run.id}/retry/`, undefined],
      ["POST", `${path}runs/${run.id}/cancel/`, undefined],
      ["DELETE", path, undefined],
    ];

    const reader = await owner.key(["batch_export:read"]);
    for (const read of reads) expect((await reader.get(read)).status, read).toBe(200);
    expectNoSecrets((await reader.get(path)).body);
    for (const [method, target, body] of writes) {
      const refused = await reader.request(method, target, body);
      expect(refused.status, `${method} ${target}`).toBe(403);
      expect(refused.body.detail).toBe("API key missing required scope 'batch_export:write'");
    }
    const unrelated = await owner.key(["organization:read", "plugin:write"]);
    for (const read of reads) expect((await unrelated.get(read)).body.detail).toBe("API key missing required scope 'batch_export:read'");

    const writer = await owner.key(["batch_export:write"]);
    for (const read of reads) expect((await writer.get(read)).status, read).toBe(200);
    for (const [method, target, body] of writes) {
      const answered = await writer.request(method, target, body);
      expect([200, 201, 204], `${method} ${target}: ${answered.text}`).toContain(answered.status);
    }
    expect((await owner.session.get(path)).status).toBe(404);
  });

  test("keys scoped elsewhere reach nothing; project-scoped keys work on the project route only", async () => {
    const owner = await signUp(baseUrl);
    const created = await createExport(owner);
    const other = await owner.session.post("/api/organizations/", { name: "Other" });
    const scopedElsewhere = await owner.key(["*"], { scoped_organizations: [other.body.id] });
    const refused = await scopedElsewhere.get(`${exportsPath(owner.organizationId)}${created.id}/`);
    expect(refused.status).toBe(403);
    expect(refused.body.detail).toBe(`API key does not have access to the requested organization: ID ${owner.organizationId}.`);
    expect((await scopedElsewhere.get(`${projectExportsPath(owner.projectId)}${created.id}/`)).body.detail).toBe(
      `API key does not have access to the requested organization: ID ${owner.organizationId}.`,
    );

    const projectScoped = await owner.key(["*"], { scoped_teams: [owner.projectId] });
    expect((await projectScoped.get(exportsPath(owner.organizationId))).body.detail).toBe(
      "API keys with scoped projects are only supported on project-based endpoints.",
    );
    expect((await projectScoped.get(`${projectExportsPath(owner.projectId)}${created.id}/`)).status).toBe(200);
    const second = await owner.session.post(`/api/organizations/${owner.organizationId}/projects/`, { name: "Second" });
    const otherProject = await owner.key(["*"], { scoped_teams: [second.body.id] });
    expect((await otherProject.get(`${projectExportsPath(owner.projectId)}${created.id}/`)).body.detail).toBe(
      `API key does not have access to the requested project: ID ${owner.projectId}.`,
    );
  });

  test("any member reads and writes; outsiders get 403 on the organization, 404 for an export of another", async () => {
    const owner = await signUp(baseUrl);
    const created = await createExport(owner);
    const member = await joinAs(owner, 1);
    const path = `${exportsPath(owner.organizationId)}${created.id}/`;
    expect((await member.session.get(path)).status).toBe(200);
    expect((await member.session.patch(path, { name: "by member" })).status).toBe(200);
    expect((await member.session.post(`${path}pause/`)).status).toBe(200);
    expect((await member.session.post(exportsPath(owner.organizationId), { name: "m", destination: HTTP, interval: "day" })).status).toBe(
      201,
    );

    const outsider = await signUp(baseUrl);
    expect((await outsider.session.get(path)).status).toBe(403);
    expect((await outsider.session.get(exportsPath(owner.organizationId))).status).toBe(403);
    expect((await outsider.session.patch(path, { name: "x" })).status).toBe(403);
    expect((await outsider.session.get(`${projectExportsPath(owner.projectId)}${created.id}/`)).body.detail).toBe(
      "You don't have access to the project.",
    );
    // Their own organization's path does not reach it.
    for (const read of [
      `${exportsPath(outsider.organizationId)}${created.id}/`,
      `${projectExportsPath(outsider.projectId)}${created.id}/`,
    ]) {
      expect((await outsider.session.get(read)).body).toEqual(NOT_FOUND);
      expect((await outsider.session.post(`${read}pause/`)).body).toEqual(NOT_FOUND);
      expect((await outsider.session.delete(read)).body).toEqual(NOT_FOUND);
    }
    expect((await outsider.session.get(exportsPath(outsider.organizationId))).body.count).toBe(0);
    expect((await new ApiClient(baseUrl).get(path)).status).toBe(401);
  });
});

describe("batch exports: the project route", () => {
  test("lists and creates the project's exports; the organization route spans its projects", async () => {
    const owner = await signUp(baseUrl);
    const inFirst = await createExport(owner, { name: "first project" });
    const second = await owner.session.post(`/api/organizations/${owner.organizationId}/projects/`, { name: "Second" });
    expect(second.status).toBe(201);
    // The creator now works in the new project: the organization route creates there by default.
    const inCurrent = await createExport(owner, { name: "current project" });
    expect(inCurrent.team_id).toBe(second.body.id);
    const named = await createExport(owner, { name: "named project", team_id: owner.projectId });
    expect(named.team_id).toBe(owner.projectId);

    const viaProject = await owner.session.post(projectExportsPath(second.body.id), {
      name: "via project",
      destination: HTTP,
      interval: "week",
      team_id: owner.projectId,
    });
    expect(viaProject.status).toBe(201);
    expect(viaProject.body.team_id).toBe(second.body.id);
    expectNoSecrets(viaProject.body);

    const names = async (path: string) => (await owner.session.get(path)).body.results.map((e: { name: string }) => e.name);
    expect(await names(projectExportsPath(owner.projectId))).toEqual(["named project", "first project"]);
    expect(await names(projectExportsPath(second.body.id))).toEqual(["via project", "current project"]);
    expect(await names(projectExportsPath("@current"))).toEqual(["via project", "current project"]);
    expect(await names(exportsPath(owner.organizationId))).toEqual(["via project", "named project", "current project", "first project"]);

    // An export of one project is not found through another's route.
    expect((await owner.session.get(`${projectExportsPath(second.body.id)}${inFirst.id}/`)).body).toEqual(NOT_FOUND);
    const project = `${projectExportsPath(owner.projectId)}${inFirst.id}/`;
    expect((await owner.session.patch(project, { destination: { config: { prefix: "new/" } } })).body.destination.config.prefix).toBe(
      "new/",
    );
    expect(
      (await owner.session.post(`${project}backfill/`, { start_at: "2024-01-01T00:00:00Z", end_at: "2024-01-01T01:00:00Z" })).status,
    ).toBe(200);
    expect((await owner.session.get(`${project}runs/`)).body.count).toBe(1);
    expect((await owner.session.get(`${project}logs/`)).body.count).toBe(3);
    expect((await owner.session.delete(project)).status).toBe(204);
    expect((await owner.session.get(`${exportsPath(owner.organizationId)}${inFirst.id}/`)).status).toBe(404);
  });
});
