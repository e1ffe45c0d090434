import { randomUUID } from "node:crypto";
import { lookup } from "node:dns/promises";
import { createServer as createHttpServer, type IncomingHttpHeaders } from "node:http";
import { createServer as createTcpServer } from "node:net";
import { hostname } from "node:os";
import { afterAll, beforeAll, describe, expect, inject, test } from "vitest";
import { joinAs, signUp, type TestUser } from "../support/api";
import { cleanUp, FAST, listenOnLoopback, onCleanUp, ownServer, runsOf, serverHome, START } from "../support/batch-exports";
import { sendEvents } from "../support/events";
import type { StartedServer } from "../support/server";

// Where a destination may point (issue 27, items 3-5), tried as an attacker would: a member retargeting an admin's
// export to take its secrets, an S3 export signing with the server's own cloud keys, and destinations or "Test
// connection" reaching the server's loopback through every spelling of it. Two servers of this file's own, with
// workers: one as shipped (no private destination admitted), one whose operator admits `localhost` by name. Both have
// ambient AWS keys in their environment, as a server on a cloud instance would.
const backend = inject("backend") as "pglite" | "postgres";
const AMBIENT = { AWS_ACCESS_KEY_ID: "AKIAAMBIENTSERVERKEY", AWS_SECRET_ACCESS_KEY: "ambient-server-secret", AWS_REGION: "us-east-1" };
const ONE_HOUR = { start_at: START, end_at: new Date(Date.parse(START) + 3_600_000).toISOString() };
const UNREACHABLE = (type: string) => ({
  ok: false,
  detail: `Could not use the ${type} destination: could not connect to the destination`,
});

let shipped: StartedServer;
let admitting: StartedServer;

afterAll(cleanUp, 180_000);

beforeAll(async () => {
  const env = { ...FAST, ...AMBIENT, HEDGEROW_BATCH_EXPORT_MAX_ATTEMPTS: "1" };
  // One after the other: ownServer points TEST_DATABASE_URL at the server's database while it starts.
  shipped = await ownServer({ ...(await serverHome("guard_default", backend)), env: { ...env, HEDGEROW_ALLOWED_DESTINATIONS: "" } });
  admitting = await ownServer({
    ...(await serverHome("guard_allowed", backend)),
    env: { ...env, HEDGEROW_ALLOWED_DESTINATIONS: "localhost" },
  });
}, 180_000);

interface Received {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/** An HTTP listener on 127.0.0.1 recording every request; `answer` gives the status and headers of each. */
async function listener(answer: (request: Received) => [number, Record<string, string>?] = () => [200]) {
  const received: Received[] = [];
  const server = createHttpServer((request, response) => {
    let body = "";
    request.on("data", (chunk) => (body += chunk));
    request.on("end", () => {
      const seen = { method: request.method!, url: request.url!, headers: request.headers, body };
      received.push(seen);
      const [status, headers = {}] = answer(seen);
      response.writeHead(status, { "content-type": "application/json", ...headers }).end(status === 200 ? '{"status":1}' : "");
    });
  });
  const port = await listenOnLoopback(server);
  return { port, received, text: () => JSON.stringify(received) };
}

/**
 * A PostgreSQL impostor on 127.0.0.1: it asks every client for its password in clear text (as any server may) and
 * records all the bytes it is sent.
 */
async function postgresImpostor() {
  let bytes = "";
  const server = createTcpServer((socket) => {
    let messages = 0;
    socket.on("data", (chunk) => {
      bytes += chunk.toString("latin1");
      // The startup message: answer AuthenticationCleartextPassword; the next one carries the password.
      if (messages++ === 0) socket.write(Buffer.from([0x52, 0, 0, 0, 8, 0, 0, 0, 3]));
      else socket.destroy();
    });
    socket.on("error", () => undefined);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  onCleanUp(() => new Promise((resolve) => server.close(resolve)));
  return { port: (server.address() as { port: number }).port, bytes: () => bytes };
}

const exportsPath = (user: TestUser) => `/api/organizations/${user.organizationId}/batch_exports/`;

async function createExport(user: TestUser, destination: { type: string; config: Record<string, unknown> }) {
  const created = await user.session.post(exportsPath(user), { name: `${destination.type} export`, destination, interval: "hour" });
  expect(created.status, created.text).toBe(201);
  return created.body;
}

/** Backfills the interval's first hour and waits for its run to end; answers the run. */
async function runOnce(user: TestUser, exportId: string) {
  const response = await user.session.post(`${exportsPath(user)}${exportId}/backfill/`, ONE_HOUR);
  expect(response.status, response.text).toBe(200);
  const deadline = Date.now() + 90_000;
  for (;;) {
    const [run] = await runsOf(user, exportId);
    if (run && ["Completed", "Failed", "Cancelled"].includes(run.status)) return run;
    if (Date.now() > deadline) throw new Error(`the run did not end: ${JSON.stringify(run)}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** A fresh organization with a few events in the backfilled hour (a run with no records writes nothing). */
async function ownerWithEvents(server: StartedServer) {
  const owner = await signUp(server.baseUrl);
  await sendEvents(
    server.baseUrl,
    owner,
    Array.from({ length: 5 }, (_, i) => ({
      event: "$pageview",
      distinct_id: `u${i}`,
      uuid: randomUUID(),
      timestamp: new Date(Date.parse(START) + i * 60_000).toISOString(),
    })),
  );
  return owner;
}

const test_ = (user: TestUser, destination: { type: string; config: Record<string, unknown> }) =>
  user.session.post(`${exportsPath(user)}test/`, { destination });

describe("server-side request forgery: loopback in every spelling is refused by default", () => {
  test("Test connection and runs to loopback answer only 'could not connect'; the listener receives nothing", {
    timeout: 180_000,
  }, async () => {
    const sink = await listener();
    const owner = await ownerWithEvents(shipped);
    // The machine's own name resolves to loopback here (as /etc/hosts makes it on most Linux systems): tried when it does.
    const ownName = hostname();
    const ownNameIsLoopback = (await lookup(ownName, { all: true }).catch(() => [])).some((entry) => /^(127\.|::1$)/.test(entry.address));
    const hosts = [
      "127.0.0.1",
      "2130706433",
      "0x7f.1",
      "0177.0.0.1",
      "127.1",
      "[::ffff:127.0.0.1]",
      "[::ffff:7f00:1]",
      "[::1]",
      "localhost",
      "LOCALHOST.",
      ...(ownNameIsLoopback ? [ownName] : []),
    ];
    for (const host of hosts) {
      const url = `http://${host}:${sink.port}/batch/`;
      const tested = await test_(owner, { type: "HTTP", config: { url, token: "t" } });
      expect(tested.status, url).toBe(200);
      expect(tested.body, url).toEqual(UNREACHABLE("HTTP"));
    }
    // Runs: each export's run fails with the same words, in its run and its log.
    for (const host of ["127.0.0.1", "2130706433", "0x7f.1", "[::ffff:127.0.0.1]", "localhost"]) {
      const created = await createExport(owner, { type: "HTTP", config: { url: `http://${host}:${sink.port}/batch/`, token: "t" } });
      const run = await runOnce(owner, created.id);
      expect(run, host).toMatchObject({ status: "Failed", latest_error: "could not connect to the destination" });
    }
    expect(sink.received).toEqual([]);
  });

  test("PostgreSQL: a unix socket is no host (400), and the local server is not reached, whatever exists there", {
    timeout: 120_000,
  }, async () => {
    const owner = await ownerWithEvents(shipped);
    const postgres = { user: "postgres", password: "", database: "postgres", port: 5432 };
    for (const host of ["/var/run/postgresql", "/tmp", "localhost/../tmp", "127.0.0.1,10.0.0.1"]) {
      const destination = { type: "Postgres", config: { ...postgres, host } };
      for (const response of [
        await test_(owner, destination),
        await owner.session.post(exportsPath(owner), { name: "x", destination, interval: "hour" }),
      ]) {
        expect(response.status, host).toBe(400);
        expect(response.body, host).toEqual({
          type: "validation_error",
          code: "unsupported_value",
          detail: "Unsupported value for configuration field 'host': it must be a host name or an IP address.",
          attr: "destination__config__host",
        });
      }
    }
    // The same answer for a database or role that exists and one that does not, for an open port and a closed one.
    for (const config of [
      { ...postgres, host: "127.0.0.1" },
      { ...postgres, host: "localhost", database: "no_such_database" },
      { ...postgres, host: "2130706433", user: "no_such_role" },
      { ...postgres, host: "127.0.0.1", port: 9 },
    ]) {
      const tested = await test_(owner, { type: "Postgres", config });
      expect(tested.body, JSON.stringify(config)).toEqual(UNREACHABLE("Postgres"));
    }
    const created = await createExport(owner, { type: "Postgres", config: { ...postgres, host: "127.0.0.1" } });
    expect(await runOnce(owner, created.id)).toMatchObject({ status: "Failed", latest_error: "could not connect to the destination" });
  });

  test("S3 and Redshift endpoints on loopback are refused the same way", async () => {
    const sink = await listener();
    const owner = await signUp(shipped.baseUrl);
    const keys = { aws_access_key_id: "AKIAMEMBER", aws_secret_access_key: "member-secret" };
    for (const endpoint_url of [
      `http://127.0.0.1:${sink.port}`,
      `http://0x7f.1:${sink.port}`,
      `http://[::ffff:127.0.0.1]:${sink.port}`,
      `http://localhost:${sink.port}`,
    ])
      expect(
        (await test_(owner, { type: "S3", config: { bucket_name: "b", region: "us-east-1", prefix: "", endpoint_url, ...keys } })).body,
      ).toEqual(UNREACHABLE("S3"));
    expect(
      (await test_(owner, { type: "Redshift", config: { user: "u", password: "p", database: "d", host: "0x7f.1", port: sink.port } })).body,
    ).toEqual(UNREACHABLE("Redshift"));
    expect(sink.received).toEqual([]);
  });
});

describe("HEDGEROW_ALLOWED_DESTINATIONS admits what it lists, and nothing more", () => {
  test("a listed name reaches its loopback sink (test and run); the same sink by address is still refused", {
    timeout: 120_000,
  }, async () => {
    const sink = await listener();
    const owner = await ownerWithEvents(admitting);
    const listed = { type: "HTTP", config: { url: `http://localhost:${sink.port}/batch/`, token: "phc_listed" } };
    expect((await test_(owner, listed)).body).toEqual({ ok: true, detail: "Connected to the HTTP destination." });
    const created = await createExport(owner, listed);
    expect(await runOnce(owner, created.id)).toMatchObject({ status: "Completed", records_completed: 5 });
    expect(sink.received.some((request) => request.body.includes('"batch":[{'))).toBe(true);
    const before = sink.received.length;
    for (const host of ["127.0.0.1", "2130706433", "[::ffff:127.0.0.1]"])
      expect((await test_(owner, { type: "HTTP", config: { url: `http://${host}:${sink.port}/batch/`, token: "t" } })).body).toEqual(
        UNREACHABLE("HTTP"),
      );
    expect(sink.received).toHaveLength(before);
  });

  test("a 307 from an admitted host to 127.0.0.1 is not followed, by Test connection or by a run", { timeout: 120_000 }, async () => {
    const inner = await listener();
    const redirector = await listener(() => [307, { location: `http://127.0.0.1:${inner.port}/batch/` }]);
    const owner = await ownerWithEvents(admitting);
    const destination = { type: "HTTP", config: { url: `http://localhost:${redirector.port}/batch/`, token: "phc_redirected" } };
    expect((await test_(owner, destination)).body).toEqual({
      ok: false,
      detail: "Could not use the HTTP destination: The destination answered 307 (redirects are not followed).",
    });
    const created = await createExport(owner, destination);
    expect(await runOnce(owner, created.id)).toMatchObject({
      status: "Failed",
      latest_error: "The destination answered 307 (redirects are not followed).",
    });
    expect(redirector.received.length).toBeGreaterThanOrEqual(2);
    expect(inner.received).toEqual([]);
  });
});

describe("S3 never signs with the server's own credentials", () => {
  test("no keys is a 400 on create, update and Test connection; with keys, only they sign", { timeout: 120_000 }, async () => {
    const store = await listener();
    const owner = await ownerWithEvents(admitting);
    const bucket = { bucket_name: "exports", region: "us-east-1", prefix: "p/", endpoint_url: `http://localhost:${store.port}` };
    const keyless = [
      {},
      { aws_access_key_id: null, aws_secret_access_key: null },
      { aws_access_key_id: "", aws_secret_access_key: "" },
      { aws_access_key_id: "AKIAONLYID" },
    ];
    for (const keys of keyless) {
      const destination = { type: "S3", config: { ...bucket, ...keys } };
      for (const response of [
        await owner.session.post(exportsPath(owner), { name: "s3", destination, interval: "hour" }),
        await test_(owner, destination),
      ]) {
        expect(response.status, JSON.stringify(keys)).toBe(400);
        expect(response.body).toMatchObject({
          type: "validation_error",
          code: "required_field",
          attr: expect.stringMatching(/^destination__config__aws_/),
        });
      }
    }
    const created = await createExport(owner, {
      type: "S3",
      config: { ...bucket, aws_access_key_id: "AKIAEXPORTKEY", aws_secret_access_key: "export-secret" },
    });
    for (const config of [{ aws_access_key_id: null }, { aws_secret_access_key: "" }]) {
      const removed = await owner.session.patch(`${exportsPath(owner)}${created.id}/`, { destination: { config } });
      expect(removed.status).toBe(400);
      expect(removed.body).toMatchObject({ code: "required_field" });
    }
    await test_(owner, { type: "S3", config: { ...bucket, aws_access_key_id: "AKIAEXPORTKEY", aws_secret_access_key: "export-secret" } });
    await runOnce(owner, created.id);
    const authorizations = store.received.map((request) => String(request.headers.authorization ?? ""));
    expect(authorizations.length).toBeGreaterThanOrEqual(2);
    expect(authorizations.every((header) => header.includes("Credential=AKIAEXPORTKEY/"))).toBe(true);
    expect(store.text()).not.toContain("AKIAAMBIENTSERVERKEY");
  });
});

describe("a member retargeting an admin's export never takes its secrets", () => {
  const ADMIN = { token: "admin-http-token", password: "admin-pg-password", keyId: "AKIAADMINKEY", secret: "admin-s3-secret" };

  /** The admin's organization, and a member (level 1) working in it. */
  async function adminAndMember() {
    const admin = await ownerWithEvents(admitting);
    const member = await joinAs(admin, 1);
    return { admin, member: { ...member, organizationId: admin.organizationId } };
  }

  test("HTTP: PATCH or PUT of url alone is a 400; with the member's own token the run sends theirs, never the admin's", {
    timeout: 120_000,
  }, async () => {
    const { admin, member } = await adminAndMember();
    const original = await listener();
    const attacker = await listener();
    const created = await createExport(admin, {
      type: "HTTP",
      config: { url: `http://localhost:${original.port}/batch/`, token: ADMIN.token },
    });
    const path = `${exportsPath(member)}${created.id}/`;
    const moved = { url: `http://localhost:${attacker.port}/batch/` };
    const attempts = [
      () => member.session.patch(path, { destination: { config: moved } }),
      () => member.session.patch(path, { destination: { type: "HTTP", config: moved } }),
      () => member.session.put(path, { name: "x", interval: "hour", destination: { type: "HTTP", config: moved } }),
      () =>
        member.session.put(path, {
          name: "x",
          interval: "hour",
          destination: { type: "HTTP", config: { ...moved, include_events: null } },
        }),
      () => member.session.patch(`/api/projects/${admin.projectId}/batch_exports/${created.id}/`, { destination: { config: moved } }),
      () => member.session.patch(path, { destination: { config: { url: `http://LOCALHOST:${original.port}/batch/` } } }),
    ];
    for (const attempt of attempts) {
      const response = await attempt();
      expect(response.status, response.text).toBe(400);
      expect(response.body).toMatchObject({ type: "validation_error", code: "required_field", attr: "destination__config__token" });
    }
    // Nothing changed: a backfill still goes to the admin's receiver.
    await runOnce(member, created.id);
    expect(original.text()).toContain(ADMIN.token);
    expect(attacker.received).toEqual([]);

    const retargeted = await member.session.patch(path, { destination: { config: { ...moved, token: "member-token" } } });
    expect(retargeted.status, retargeted.text).toBe(200);
    const tested = await test_(member, { type: "HTTP", config: { ...moved, token: "member-token" } });
    expect(tested.body.ok).toBe(true);
    await member.session.post(`${path}runs/${(await runsOf(member, created.id))[0].id}/retry/`);
    const deadline = Date.now() + 60_000;
    while (!attacker.received.some((request) => request.body.includes('"batch":[{')) && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 250));
    expect(attacker.text()).toContain("member-token");
    expect(attacker.text()).not.toContain(ADMIN.token);
  });

  test("PostgreSQL: host, port, database, user or type changed alone is a 400; the impostor never sees the admin's password", {
    timeout: 120_000,
  }, async () => {
    const { admin, member } = await adminAndMember();
    const impostor = await postgresImpostor();
    const created = await createExport(admin, {
      type: "Postgres",
      config: { host: "localhost", port: 5432, user: "admin", password: ADMIN.password, database: "warehouse" },
    });
    const path = `${exportsPath(member)}${created.id}/`;
    for (const config of [
      { port: impostor.port },
      { host: "127.0.0.1" },
      { database: "other" },
      { user: "member" },
      { host: "localhost.", port: impostor.port },
    ]) {
      for (const response of [
        await member.session.patch(path, { destination: { config } }),
        await member.session.put(path, { name: "x", interval: "hour", destination: { type: "Postgres", config } }),
      ]) {
        expect(response.status, JSON.stringify(config)).toBe(400);
        expect(response.body).toMatchObject({ code: "required_field", attr: "destination__config__password" });
      }
    }
    const toRedshift = await member.session.patch(path, { destination: { type: "Redshift", config: { port: impostor.port } } });
    expect(toRedshift.body).toMatchObject({ code: "required_field", attr: "destination__config__password" });
    // With a password of their own, the member's export reaches the impostor with that password only.
    expect(
      (await member.session.patch(path, { destination: { config: { port: impostor.port, password: "member-password" } } })).status,
    ).toBe(200);
    await test_(member, {
      type: "Postgres",
      config: { host: "localhost", port: impostor.port, user: "admin", password: "member-password", database: "warehouse" },
    });
    await runOnce(member, created.id);
    expect(impostor.bytes()).toContain("member-password");
    expect(impostor.bytes()).not.toContain(ADMIN.password);
  });

  test("S3: endpoint, bucket or region changed alone is a 400; the listener never sees the admin's key", { timeout: 120_000 }, async () => {
    const { admin, member } = await adminAndMember();
    const store = await listener();
    const created = await createExport(admin, {
      type: "S3",
      config: {
        bucket_name: "exports",
        region: "eu-west-1",
        prefix: "",
        endpoint_url: "https://s3.example.com",
        aws_access_key_id: ADMIN.keyId,
        aws_secret_access_key: ADMIN.secret,
      },
    });
    const path = `${exportsPath(member)}${created.id}/`;
    for (const config of [
      { endpoint_url: `http://localhost:${store.port}` },
      { bucket_name: "mine" },
      { region: "us-east-1" },
      { endpoint_url: null },
    ]) {
      const response = await member.session.patch(path, { destination: { config } });
      expect(response.status, JSON.stringify(config)).toBe(400);
      expect(response.body).toMatchObject({ code: "required_field", attr: "destination__config__aws_access_key_id" });
    }
    const half = await member.session.patch(path, {
      destination: { config: { endpoint_url: `http://localhost:${store.port}`, aws_access_key_id: "AKIAMEMBER" } },
    });
    expect(half.body).toMatchObject({ code: "required_field", attr: "destination__config__aws_secret_access_key" });
    const own = { endpoint_url: `http://localhost:${store.port}`, aws_access_key_id: "AKIAMEMBER", aws_secret_access_key: "member-secret" };
    expect((await member.session.patch(path, { destination: { config: own } })).status).toBe(200);
    await runOnce(member, created.id);
    expect(store.received.length).toBeGreaterThan(0);
    expect(store.text()).toContain("AKIAMEMBER");
    expect(store.text()).not.toContain(ADMIN.keyId);
  });
});
