import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, inject, test } from "vitest";
import { ApiClient, joinAs, sessionCookie, signUp, type TestUser, uniqueEmail, userBasicOf } from "../support/api";
import { startServer, type StartedServer } from "../support/server";

const baseUrl = inject("baseUrl");
const backend = inject("backend") === "postgres" ? "postgres" : "pglite";

const invitesPath = (organizationId: string) => `/api/organizations/${organizationId}/invites/`;
const denied = (detail: string) => ({ type: "authentication_error", code: "permission_denied", detail, attr: null });
const invalid = (detail: string, attr: string | null = null, code = "invalid_input") => ({ type: "validation_error", code, detail, attr });
const NOT_FOUND = { type: "invalid_request", code: "not_found", detail: "Not found.", attr: null };
const ALREADY_MEMBER = invalid("A user with this email address already belongs to the organization.");
const UNKNOWN_PROJECT = invalid(
  "Team does not exist on this organization, or it is private and you do not have access to it.",
  "private_project_access",
);
const EXPIRED = invalid("This invite has expired. Please ask your admin for a new one.", null, "expired");
const WRONG_RECIPIENT = invalid("This invite is intended for another email address.", null, "invalid_recipient");

async function invite(owner: TestUser, body: Record<string, unknown>) {
  const response = await owner.session.post(invitesPath(owner.organizationId), body);
  expect(response.status, response.text).toBe(201);
  return response.body;
}

describe("creating and listing invites", () => {
  test("an invite with PostHog's fields and defaults; the email's domain is lowercased", async () => {
    const owner = await signUp(baseUrl, { first_name: "Olive" });
    const created = await owner.session.post(invitesPath(owner.organizationId), { target_email: "Ada.Lovelace@Example.COM" });
    expect(created.status).toBe(201);
    expect(Object.keys(created.body).sort()).toEqual(
      [
        "created_at",
        "created_by",
        "emailing_attempt_made",
        "first_name",
        "id",
        "is_expired",
        "level",
        "message",
        "private_project_access",
        "target_email",
        "updated_at",
      ].sort(),
    );
    expect(created.body).toMatchObject({
      target_email: "Ada.Lovelace@example.com",
      first_name: "",
      level: 1,
      message: null,
      private_project_access: [],
      is_expired: false,
      // This server has no SMTP_URL: nothing is attempted.
      emailing_attempt_made: false,
    });
    expect(created.body.created_by).toEqual(userBasicOf(owner));

    const full = await invite(owner, {
      target_email: uniqueEmail("grace"),
      first_name: "Grace",
      level: 8,
      message: "Welcome aboard",
      private_project_access: [{ id: owner.projectId, level: 8 }],
      send_email: true,
    });
    expect(full).toMatchObject({
      first_name: "Grace",
      level: 8,
      message: "Welcome aboard",
      private_project_access: [{ id: owner.projectId, level: 8 }],
    });
    expect(full).not.toHaveProperty("send_email");
  });

  test("listed newest first, paginated", async () => {
    const owner = await signUp(baseUrl);
    const ids = [];
    for (let i = 0; i < 3; i++) ids.push((await invite(owner, { target_email: uniqueEmail() })).id);
    const all = await owner.session.get(invitesPath(owner.organizationId));
    expect(all.status).toBe(200);
    expect(all.body.count).toBe(3);
    expect(all.body.results.map((i: { id: string }) => i.id)).toEqual(ids.reverse());

    const first = await owner.session.get(`${invitesPath(owner.organizationId)}?limit=2`);
    expect(first.body.results.map((i: { id: string }) => i.id)).toEqual(ids.slice(0, 2));
    expect(first.body.next).toBe(`${baseUrl}${invitesPath(owner.organizationId)}?limit=2&offset=2`);
    expect(first.body.previous).toBeNull();
    const second = await owner.session.get(`${invitesPath(owner.organizationId)}?limit=2&offset=2`);
    expect(second.body.results.map((i: { id: string }) => i.id)).toEqual(ids.slice(2));
    expect(second.body.next).toBeNull();
    expect(second.body.previous).toBe(`${baseUrl}${invitesPath(owner.organizationId)}?limit=2`);
  });

  test("a new invite for the same address replaces the pending one", async () => {
    const owner = await signUp(baseUrl);
    const email = uniqueEmail("twice");
    const older = await invite(owner, { target_email: email, level: 1 });
    const newer = await invite(owner, { target_email: email.replace("@example.com", "@EXAMPLE.com"), level: 8 });
    const list = await owner.session.get(invitesPath(owner.organizationId));
    expect(list.body.results.map((i: { id: string }) => i.id)).toEqual([newer.id]);
    expect((await new ApiClient(baseUrl).get(`/api/signup/${older.id}/`)).body).toEqual(NOT_FOUND);
  });

  test("members cannot be invited again, whatever the case of their address", async () => {
    const owner = await signUp(baseUrl);
    const member = await joinAs(owner, 1);
    for (const email of [owner.email, member.email, member.email.toUpperCase()]) {
      const response = await owner.session.post(invitesPath(owner.organizationId), { target_email: email });
      expect(response.status).toBe(400);
      expect(response.body).toEqual(ALREADY_MEMBER);
    }
    expect((await owner.session.get(invitesPath(owner.organizationId))).body.count).toBe(0);
  });

  test("any member invites, up to their own level", async () => {
    const owner = await signUp(baseUrl);
    const admin = await joinAs(owner, 8);
    const member = await joinAs(owner, 1);
    const org = owner.organizationId;
    const above = denied("You cannot invite a user with a higher permission level than your own.");

    expect((await member.session.post(invitesPath(org), { target_email: uniqueEmail(), level: 8 })).body).toEqual(above);
    expect((await admin.session.post(invitesPath(org), { target_email: uniqueEmail(), level: 15 })).body).toEqual(above);
    expect((await member.session.post(invitesPath(org), { target_email: uniqueEmail() })).status).toBe(201);
    expect((await admin.session.post(invitesPath(org), { target_email: uniqueEmail(), level: 8 })).status).toBe(201);
    expect((await owner.session.post(invitesPath(org), { target_email: uniqueEmail(), level: 15 })).status).toBe(201);
    expect((await owner.session.get(invitesPath(org))).body.count).toBe(3);
  });

  test("private project access names projects of this organization, at level 1 or 8", async () => {
    const owner = await signUp(baseUrl);
    const other = await signUp(baseUrl);
    const org = owner.organizationId;
    const post = (private_project_access: unknown) =>
      owner.session.post(invitesPath(org), { target_email: uniqueEmail(), private_project_access });

    expect((await post([{ id: other.projectId, level: 1 }])).body).toEqual(UNKNOWN_PROJECT);
    expect(
      (
        await post([
          { id: owner.projectId, level: 1 },
          { id: 999_999_999, level: 1 },
        ])
      ).body,
    ).toEqual(UNKNOWN_PROJECT);
    expect((await post([{ id: owner.projectId, level: 15 }])).body).toMatchObject({
      code: "invalid_choice",
      attr: "private_project_access__0__level",
    });
    expect((await post([{ id: "one", level: 1 }])).body).toMatchObject({ code: "invalid_input", attr: "private_project_access__0__id" });
    // Past PostgreSQL's integer: refused before any query (PostgreSQL would fail it, a 500).
    expect((await post([{ id: 2 ** 31, level: 1 }])).body).toMatchObject({ code: "max_value", attr: "private_project_access__0__id" });
    expect((await post({ id: owner.projectId })).status).toBe(400);
    expect((await owner.session.get(invitesPath(org))).body.count).toBe(0);

    expect((await post([])).body.private_project_access).toEqual([]);
    expect((await post(null)).body.private_project_access).toEqual([]);
    expect((await post([{ id: owner.projectId, level: 1 }])).body.private_project_access).toEqual([{ id: owner.projectId, level: 1 }]);
  });

  test("bad input answers PostHog-style 400s", async () => {
    const owner = await signUp(baseUrl);
    const path = invitesPath(owner.organizationId);
    expect((await owner.session.post(path, {})).body).toEqual(invalid("This field is required.", "target_email", "required"));
    expect((await owner.session.post(path, { target_email: null })).body).toEqual(
      invalid("This field may not be null.", "target_email", "null"),
    );
    expect((await owner.session.post(path, { target_email: "not-an-email" })).body).toEqual(
      invalid("Enter a valid email address.", "target_email"),
    );
    expect((await owner.session.post(path, { target_email: uniqueEmail(), level: 9 })).body).toEqual(
      invalid('"9" is not a valid choice.', "level", "invalid_choice"),
    );
    expect((await owner.session.post(path, { target_email: uniqueEmail(), first_name: "x".repeat(31) })).body).toEqual(
      invalid("Ensure this field has no more than 30 characters.", "first_name", "max_length"),
    );
    expect((await owner.session.post(path, { target_email: uniqueEmail(), first_name: "x".repeat(1_000_000) })).body).toMatchObject({
      code: "max_length",
      attr: "first_name",
    });
    expect((await owner.session.post(path, { target_email: uniqueEmail(), message: "x".repeat(1_000_000) })).body).toMatchObject({
      code: "max_length",
      attr: "message",
    });
    expect((await owner.session.post(path, { target_email: uniqueEmail(), send_email: "sometimes" })).body).toMatchObject({
      code: "invalid_input",
      attr: "send_email",
    });
    expect((await owner.session.post(path, [{ target_email: uniqueEmail() }])).status).toBe(400);
    expect((await owner.session.get(path)).body.count).toBe(0);
    expect((await owner.session.get(`/api/organizations/not-a-uuid/invites/`)).status).toBe(404);
    expect((await owner.session.patch(path, {})).status).toBe(405);
  });
});

describe("bulk invites", () => {
  test("an array of up to 20, created together: 201 with the invites", async () => {
    const owner = await signUp(baseUrl);
    const emails = [uniqueEmail("a"), uniqueEmail("b")];
    const created = await owner.session.post(`${invitesPath(owner.organizationId)}bulk/`, [
      { target_email: emails[0], first_name: "A" },
      { target_email: emails[1], level: 8, send_email: false },
    ]);
    expect(created.status).toBe(201);
    expect(created.body).toHaveLength(2);
    expect(created.body.map((i: { target_email: string }) => i.target_email)).toEqual(emails);
    expect(created.body[1]).toMatchObject({ level: 8, emailing_attempt_made: false, created_by: { id: owner.user.id } });
    expect((await owner.session.get(invitesPath(owner.organizationId))).body.count).toBe(2);

    // The same address twice: the later replaces the earlier, and only it is answered.
    const again = uniqueEmail("again");
    const twice = await owner.session.post(`${invitesPath(owner.organizationId)}bulk/`, [
      { target_email: again, level: 1 },
      { target_email: emails[0], level: 8 },
      { target_email: again, level: 8 },
    ]);
    expect(twice.status).toBe(201);
    expect(twice.body.map((i: { target_email: string; level: number }) => [i.target_email, i.level])).toEqual([
      [emails[0], 8],
      [again, 8],
    ]);
    const listed = await owner.session.get(invitesPath(owner.organizationId));
    expect(listed.body.results.map((i: { id: string }) => i.id).sort()).toEqual(
      [...twice.body.map((i: { id: string }) => i.id), created.body[1].id].sort(),
    );
  });

  test("not an array, more than 20, or one bad item: 400 and nothing is created", async () => {
    const owner = await signUp(baseUrl);
    const member = await joinAs(owner, 1);
    const bulk = `${invitesPath(owner.organizationId)}bulk/`;
    expect((await owner.session.post(bulk, { target_email: uniqueEmail() })).body).toEqual(
      invalid("This endpoint needs an array of data for bulk invite creation."),
    );
    expect((await owner.session.post(bulk, "a@example.com")).status).toBe(400);
    const tooMany = Array.from({ length: 21 }, () => ({ target_email: uniqueEmail() }));
    expect((await owner.session.post(bulk, tooMany)).body).toEqual(
      invalid("A maximum of 20 invites can be sent in a single request.", null, "max_length"),
    );
    expect((await owner.session.post(bulk, [{ target_email: uniqueEmail() }, { target_email: "nope" }])).body).toEqual(
      invalid("Enter a valid email address.", "1__target_email"),
    );
    expect((await owner.session.post(bulk, [{ target_email: uniqueEmail() }, { target_email: member.email }])).body).toEqual(
      ALREADY_MEMBER,
    );
    expect((await member.session.post(bulk, [{ target_email: uniqueEmail() }, { target_email: uniqueEmail(), level: 8 }])).body).toEqual(
      denied("You cannot invite a user with a higher permission level than your own."),
    );
    expect((await owner.session.get(invitesPath(owner.organizationId))).body.count).toBe(0);

    const twenty = await owner.session.post(bulk, tooMany.slice(0, 20));
    expect(twenty.status).toBe(201);
    expect(twenty.body).toHaveLength(20);
    expect((await owner.session.post(bulk, [])).body).toEqual([]);
  });
});

describe("deleting invites", () => {
  test("any member cancels an invite of their organization; others' invites are 404 through it", async () => {
    const owner = await signUp(baseUrl);
    const member = await joinAs(owner, 1);
    const stranger = await signUp(baseUrl);
    const mine = await invite(owner, { target_email: uniqueEmail() });
    const theirs = await invite(stranger, { target_email: uniqueEmail() });
    const path = (org: string, id: string) => `${invitesPath(org)}${id}/`;

    expect((await owner.session.delete(path(owner.organizationId, theirs.id))).body).toEqual(NOT_FOUND);
    expect((await stranger.session.delete(path(owner.organizationId, mine.id))).body).toEqual(
      denied("You do not have permission to perform this action."),
    );
    expect((await owner.session.delete(path(owner.organizationId, randomUUID()))).body).toEqual(NOT_FOUND);
    expect((await owner.session.delete(path(owner.organizationId, "not-a-uuid"))).status).toBe(404);
    expect((await owner.session.get(path(owner.organizationId, mine.id))).status).toBe(405);

    const deleted = await member.session.delete(path(owner.organizationId, mine.id));
    expect(deleted.status).toBe(204);
    expect(deleted.text).toBe("");
    expect((await owner.session.delete(path(owner.organizationId, mine.id))).body).toEqual(NOT_FOUND);
    expect((await owner.session.get(invitesPath(owner.organizationId))).body.count).toBe(0);
    expect((await stranger.session.get(invitesPath(stranger.organizationId))).body.count).toBe(1);
  });
});

describe("invite access", () => {
  test("non-members 403; keys need organization_member scopes and their organization; no credentials 401", async () => {
    const owner = await signUp(baseUrl);
    const stranger = await signUp(baseUrl);
    const org = owner.organizationId;
    const existing = await invite(owner, { target_email: uniqueEmail() });
    for (const response of [
      await stranger.session.get(invitesPath(org)),
      await stranger.session.post(invitesPath(org), { target_email: uniqueEmail() }),
      await stranger.session.post(`${invitesPath(org)}bulk/`, [{ target_email: uniqueEmail() }]),
    ])
      expect(response.body).toEqual(denied("You do not have permission to perform this action."));

    const reader = await owner.key(["organization_member:read"]);
    expect((await reader.get(invitesPath(org))).body.count).toBe(1);
    const missingWrite = denied("API key missing required scope 'organization_member:write'");
    expect((await reader.post(invitesPath(org), { target_email: uniqueEmail() })).body).toEqual(missingWrite);
    expect((await reader.post(`${invitesPath(org)}bulk/`, [{ target_email: uniqueEmail() }])).body).toEqual(missingWrite);
    expect((await reader.delete(`${invitesPath(org)}${existing.id}/`)).body).toEqual(missingWrite);
    const orgOnly = await owner.key(["organization:write"]);
    expect((await orgOnly.get(invitesPath(org))).body).toEqual(denied("API key missing required scope 'organization_member:read'"));

    const writer = await owner.key(["organization_member:write"]);
    expect((await writer.post(invitesPath(org), { target_email: uniqueEmail() })).status).toBe(201);
    expect((await writer.post(`${invitesPath("@current")}bulk/`, [{ target_email: uniqueEmail() }])).status).toBe(201);
    expect((await writer.delete(`${invitesPath(org)}${existing.id}/`)).status).toBe(204);

    const elsewhere = await owner.session.post("/api/organizations/", { name: "Elsewhere" });
    const scoped = await owner.key(["*"], { scoped_organizations: [elsewhere.body.id] });
    expect((await scoped.get(invitesPath(org))).body).toEqual(
      denied(`API key does not have access to the requested organization: ID ${org}.`),
    );

    const anonymous = new ApiClient(baseUrl);
    expect((await anonymous.get(invitesPath(org))).status).toBe(401);
    expect((await anonymous.post(invitesPath(org), { target_email: uniqueEmail() })).status).toBe(401);
    expect((await anonymous.as({ key: "phx_notarealkey" }).get(invitesPath(org))).body.code).toBe("authentication_failed");
    const crossSite = await owner.session.request(
      "POST",
      invitesPath(org),
      { target_email: uniqueEmail() },
      { headers: { origin: "https://evil.example" } },
    );
    expect(crossSite.status).toBe(403);
    expect((await owner.session.get(invitesPath(org))).body.count).toBe(2);
  });
});

describe("accepting an invite (/api/signup/:invite_id/)", () => {
  test("preview: public, what the invite is for; unknown ids are 404", async () => {
    const owner = await signUp(baseUrl, { organization_name: "Preview Co" });
    const created = await invite(owner, { target_email: "Preview.Person@Example.com", first_name: "Pat", level: 8 });
    const anonymous = new ApiClient(baseUrl);
    const preview = await anonymous.get(`/api/signup/${created.id}/`);
    expect(preview.status).toBe(200);
    expect(preview.body).toEqual({
      id: created.id,
      target_email: "Preview.Person@example.com",
      first_name: "Pat",
      organization_name: "Preview Co",
      level: 8,
    });
    expect((await anonymous.get(`/api/signup/${randomUUID()}/`)).body).toEqual(NOT_FOUND);
    expect((await anonymous.get(`/api/signup/not-a-uuid/`)).status).toBe(404);
    // Signed in as someone else, the preview says the invite is not theirs.
    expect((await owner.session.get(`/api/signup/${created.id}/`)).body).toEqual(WRONG_RECIPIENT);
  });

  test("a new account: created for the invited address, signed in, working in the organization", async () => {
    const owner = await signUp(baseUrl, { organization_name: "Joinable" });
    const email = uniqueEmail("newbie");
    const created = await invite(owner, { target_email: email, level: 8 });
    const anonymous = new ApiClient(baseUrl);
    const accept = `/api/signup/${created.id}/`;

    expect((await anonymous.post(accept, {})).body).toEqual(invalid("This field is required.", "first_name", "required"));
    expect((await anonymous.post(accept, { first_name: "New" })).body).toEqual(invalid("This field is required.", "password", "required"));
    expect((await anonymous.post(accept, { first_name: "New", password: "short" })).body).toMatchObject({ attr: "password" });
    expect((await anonymous.post(accept, { first_name: "New", password: "long-enough-pw", email: uniqueEmail() })).body).toEqual(
      WRONG_RECIPIENT,
    );

    const joined = await anonymous.post(accept, {
      first_name: "New",
      last_name: "Comer",
      password: "long-enough-pw",
      email: email.toUpperCase(),
    });
    expect(joined.status).toBe(201);
    expect(joined.body).toMatchObject({
      email,
      first_name: "New",
      last_name: "Comer",
      organization: { id: owner.organizationId, name: "Joinable", membership_level: 8 },
    });
    expect(joined.body.team.id).toBe(owner.projectId);
    expect(joined.body.organizations.map((o: { id: string }) => o.id)).toEqual([owner.organizationId]);

    const session = anonymous.as({ cookie: sessionCookie(joined) });
    expect((await session.get("/api/users/@me/")).body.email).toBe(email);
    expect((await session.get(`/api/organizations/${owner.organizationId}/members/`)).body.count).toBe(2);
    expect((await new ApiClient(baseUrl).post("/api/login/", { email, password: "long-enough-pw" })).status).toBe(200);

    // Used up.
    expect((await anonymous.get(accept)).body).toEqual(NOT_FOUND);
    expect((await anonymous.post(accept, { first_name: "Again", password: "long-enough-pw" })).body).toEqual(NOT_FOUND);
    expect((await owner.session.get(invitesPath(owner.organizationId))).body.count).toBe(0);
  });

  test("an address that has an account must sign in to accept", async () => {
    const owner = await signUp(baseUrl);
    const existing = await signUp(baseUrl);
    const created = await invite(owner, { target_email: existing.email });
    const response = await new ApiClient(baseUrl).post(`/api/signup/${created.id}/`, { first_name: "Copy", password: "long-enough-pw" });
    expect(response.body).toEqual(
      invalid("There is already an account with this email address. Please log in to accept the invite.", null, "account_exists"),
    );
    expect((await owner.session.get(`/api/organizations/${owner.organizationId}/members/`)).body.count).toBe(1);
  });

  test("signed in: the invited user joins at the invite's level and switches to the organization", async () => {
    const owner = await signUp(baseUrl, { organization_name: "Switch To" });
    const invitee = await signUp(baseUrl);
    const bystander = await signUp(baseUrl);
    const created = await invite(owner, { target_email: invitee.email, level: 8 });
    const accept = `/api/signup/${created.id}/`;

    expect((await bystander.session.post(accept, {})).body).toEqual(WRONG_RECIPIENT);
    const apiKey = await invitee.key();
    expect((await apiKey.post(accept, {})).body).toEqual(denied("This action does not support Personal API Key access"));
    const crossSite = await invitee.session.request("POST", accept, {}, { headers: { origin: "https://evil.example" } });
    expect(crossSite.status).toBe(403);

    const preview = await invitee.session.get(accept);
    expect(preview.body.organization_name).toBe("Switch To");
    const joined = await invitee.session.post(accept, {});
    expect(joined.status).toBe(201);
    expect(joined.headers.getSetCookie().some((c) => c.includes("session-token"))).toBe(false);
    expect(joined.body).toMatchObject({
      email: invitee.email,
      organization: { id: owner.organizationId, membership_level: 8 },
      team: { id: owner.projectId },
    });
    expect(joined.body.organizations.map((o: { id: string }) => o.id).sort()).toEqual(
      [owner.organizationId, invitee.organizationId].sort(),
    );
    expect((await invitee.session.post(accept, {})).body).toEqual(NOT_FOUND);
    const members = await owner.session.get(
      `/api/organizations/${owner.organizationId}/members/?email=${encodeURIComponent(invitee.email)}`,
    );
    expect(members.body.results[0].level).toBe(8);
    // Already a member now: a new invite for them is refused.
    expect((await owner.session.post(invitesPath(owner.organizationId), { target_email: invitee.email })).body).toEqual(ALREADY_MEMBER);
  });
});

/** The mail's text with quoted-printable soft breaks and escapes undone. */
const decodeMail = (raw: string) =>
  raw.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

describe("with email: a second server with SMTP_URL and sign-ups closed", () => {
  const mails: { to: string[]; text: string }[] = [];
  let smtp: SMTPServer;
  let app: StartedServer;
  let dataDir: string;
  let serverEnv: Record<string, string>;
  let ownerCredentials: { cookie?: string };
  let organizationId: string;
  const owner = () => new ApiClient(app.baseUrl, ownerCredentials);

  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS", "AUTH"],
      logger: false,
      onRcptTo(address, _session, callback) {
        callback(address.address.startsWith("bounce") ? new Error("Mailbox unavailable") : null);
      },
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on("data", (chunk: Buffer) => chunks.push(chunk));
        stream.on("end", () => {
          mails.push({ to: session.envelope.rcptTo.map((r) => r.address), text: decodeMail(Buffer.concat(chunks).toString()) });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
    const smtpPort = (smtp.server.address() as AddressInfo).port;
    serverEnv = { SMTP_URL: `smtp://127.0.0.1:${smtpPort}`, EMAIL_FROM: "Hedgerow <invites@hedgerow.test>", ALLOW_SIGNUP: "false" };
    dataDir = mkdtempSync(path.join(tmpdir(), "hedgerow-invites-"));
    app = await startServer({ backend, resetDatabase: false, dataDir, env: serverEnv });

    // PGlite: a fresh instance, whose first user may sign up. PostgreSQL: shared with the main server, which
    // signs the owner up; the session cookie is valid on both (same secret, same users).
    const founder = await signUp(backend === "pglite" ? app.baseUrl : baseUrl, { organization_name: "Mailing Co" });
    ownerCredentials = founder.session.credentials;
    organizationId = founder.organizationId;
  }, 120_000);

  afterAll(async () => {
    await app?.stop();
    await new Promise<void>((resolve) => (smtp ? smtp.close(resolve) : resolve()));
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  const mailsTo = (email: string) => mails.filter((m) => m.to.includes(email));

  test("the invite is emailed with its accept link, unless send_email is false", async () => {
    const email = uniqueEmail("mailed");
    const created = await owner().post(invitesPath(organizationId), { target_email: email, first_name: "Mo", message: "Come help us" });
    expect(created.status).toBe(201);
    expect(created.body.emailing_attempt_made).toBe(true);
    const [mail] = mailsTo(email);
    expect(mail, "an email to the invitee").toBeDefined();
    expect(mail.text).toContain(`${app.baseUrl}/signup/${created.body.id}`);
    expect(mail.text).toContain("invited you to join Mailing Co on Hedgerow");
    expect(mail.text).toContain("Come help us");
    expect(mail.text).toContain("Hi Mo,");
    expect(mail.text).toMatch(/^From: Hedgerow <invites@hedgerow\.test>/m);

    const quiet = uniqueEmail("quiet");
    const silent = await owner().post(invitesPath(organizationId), { target_email: quiet, send_email: false });
    expect(silent.body.emailing_attempt_made).toBe(false);

    const bulk = [uniqueEmail("bulk"), uniqueEmail("bulk")];
    const created2 = await owner().post(
      `${invitesPath(organizationId)}bulk/`,
      bulk.map((target_email) => ({ target_email })),
    );
    expect(created2.status).toBe(201);
    expect(created2.body.map((i: { emailing_attempt_made: boolean }) => i.emailing_attempt_made)).toEqual([true, true]);
    for (const [i, to] of bulk.entries()) expect(mailsTo(to)[0]?.text).toContain(`/signup/${created2.body[i].id}`);
    expect(mailsTo(quiet)).toEqual([]);
  });

  test("the emailed link ignores forwarded host and scheme headers (no TRUST_PROXY): it names the host the request reached", async () => {
    const email = uniqueEmail("forwarded");
    const spoofed = { "x-forwarded-host": "evil.example", "x-forwarded-proto": "https", forwarded: "host=evil.example;proto=https" };
    const created = await owner().request("POST", invitesPath(organizationId), { target_email: email }, { headers: spoofed });
    expect(created.status, created.text).toBe(201);
    const [mail] = mailsTo(email);
    expect(mail.text).toContain(`${app.baseUrl}/signup/${created.body.id}`);
    expect(mail.text).not.toContain("evil.example");
  });

  test("a failed send does not fail the invite", async () => {
    const email = uniqueEmail("bounce");
    const created = await owner().post(invitesPath(organizationId), { target_email: email });
    expect(created.status).toBe(201);
    expect(created.body.emailing_attempt_made).toBe(true);
    expect(mailsTo(email)).toEqual([]);
    expect((await new ApiClient(app.baseUrl).get(`/api/signup/${created.body.id}/`)).status).toBe(200);
  });

  test("the emailed link is accepted with a new account although sign-ups are closed", async () => {
    const closed = await new ApiClient(app.baseUrl).post("/api/signup/", {
      email: uniqueEmail(),
      password: "long-enough-pw",
      first_name: "No",
    });
    expect(closed.status).toBe(403);

    const email = uniqueEmail("linked");
    await owner().post(invitesPath(organizationId), { target_email: email, level: 8 });
    const link = mailsTo(email)[0].text.match(/http:\/\/\S+\/signup\/[0-9a-f-]{36}/)![0];
    const anonymous = new ApiClient(app.baseUrl);
    const inviteId = link.split("/").pop();
    expect((await anonymous.get(`/api/signup/${inviteId}/`)).body).toMatchObject({
      target_email: email,
      organization_name: "Mailing Co",
      level: 8,
    });
    const joined = await anonymous.post(`/api/signup/${inviteId}/`, { first_name: "Linked", password: "long-enough-pw" });
    expect(joined.status).toBe(201);
    expect(joined.body.organization).toMatchObject({ id: organizationId, membership_level: 8 });
    const session = anonymous.as({ cookie: sessionCookie(joined) });
    expect((await session.get(`/api/organizations/${organizationId}/members/`)).status).toBe(200);
  });

  test("expired invites (over three days old) are listed as such and cannot be accepted", async () => {
    const forNewAccount = (await owner().post(invitesPath(organizationId), { target_email: uniqueEmail("late") })).body;
    // A user of this server, signed in, for the signed-in path.
    const memberEmail = uniqueEmail("late-member");
    const first = (await owner().post(invitesPath(organizationId), { target_email: memberEmail, send_email: false })).body;
    const joined = await new ApiClient(app.baseUrl).post(`/api/signup/${first.id}/`, { first_name: "Late", password: "long-enough-pw" });
    const memberCredentials = { cookie: sessionCookie(joined) };
    const other = await owner().post("/api/organizations/", { name: "Second Mailing Co" });
    const forSignedIn = (await owner().post(invitesPath(other.body.id), { target_email: memberEmail, send_email: false })).body;

    await backdate([forNewAccount.id, forSignedIn.id]);

    const list = await owner().get(invitesPath(organizationId));
    expect(list.body.results.find((i: { id: string }) => i.id === forNewAccount.id).is_expired).toBe(true);
    const anonymous = new ApiClient(app.baseUrl);
    expect((await anonymous.get(`/api/signup/${forNewAccount.id}/`)).body).toEqual(EXPIRED);
    expect((await anonymous.post(`/api/signup/${forNewAccount.id}/`, { first_name: "Late", password: "long-enough-pw" })).body).toEqual(
      EXPIRED,
    );
    const member = new ApiClient(app.baseUrl, memberCredentials);
    expect((await member.post(`/api/signup/${forSignedIn.id}/`, {})).body).toEqual(EXPIRED);
    expect((await owner().get(`/api/organizations/${other.body.id}/members/`)).body.count).toBe(1);
  }, 120_000); // it restarts its server (PGlite)

  /** Ages invites by four days, in the database itself (PGlite: while its server is stopped). */
  async function backdate(ids: string[]) {
    const statement = `update organization_invites set created_at = now() - interval '4 days' where id in (${ids.map((id) => `'${id}'`).join(", ")})`;
    if (backend === "postgres") {
      const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await client.connect();
      try {
        await client.query(statement);
      } finally {
        await client.end();
      }
      return;
    }
    await app.stop();
    const { PGlite } = await import("@electric-sql/pglite");
    const db = await PGlite.create(path.join(dataDir, "pglite"));
    try {
      await db.query(statement);
    } finally {
      await db.close();
    }
    app = await startServer({ backend, dataDir, env: serverEnv });
  }
});
