import { connect, type Socket } from "node:net";
import { beforeAll, describe, expect, inject, test } from "vitest";
import { signUp, type TestUser } from "../support/api";

const baseUrl = inject("baseUrl");
const LIMIT = 5 * 1024 * 1024;
const CHUNK = Buffer.alloc(64 * 1024, "a");
/** Past the limit, but the body never ends: a server that read bodies whole before checking would never answer. */
const PAST_LIMIT = LIMIT + 2 * 1024 * 1024;

interface RawAnswer {
  status: number;
  body: any;
  /** Body bytes the client had written when the answer's status line arrived. */
  sentBeforeAnswer: number;
}

/**
 * A POST written by hand on a socket: the head as given (a chunked body, or a Content-Length that may lie), then
 * `total` body bytes (chunk-framed when chunked), stopping as soon as the server answers; the body is ended only
 * when `end` says so. The connection stays open (keep-alive) until the answer is read: a server closing it with
 * body bytes unread would reset it, and a reset can drop the answer before the client reads it.
 */
async function streamPost(path: string, headers: Record<string, string>, total: number, { end = true } = {}): Promise<RawAnswer> {
  const { hostname, port } = new URL(baseUrl);
  const socket: Socket = connect(Number(port), hostname);
  await new Promise<void>((resolve, reject) => socket.once("connect", resolve).once("error", reject));
  const chunked = headers["transfer-encoding"] === "chunked";
  let received = "";
  let sent = 0;
  let sentBeforeAnswer = -1;
  const answered = new Promise<void>((resolve) => {
    socket.on("data", (data) => {
      if (sentBeforeAnswer < 0) sentBeforeAnswer = sent;
      received += data.toString("latin1");
      if (isComplete(received)) resolve();
    });
    socket.on("close", () => resolve());
    socket.on("error", () => resolve());
    // No answer by then is a failure (the status is read as NaN), not a hung test.
    setTimeout(resolve, 20_000).unref();
  });
  const head = [`POST ${path} HTTP/1.1`, `Host: ${new URL(baseUrl).host}`, ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`)];
  socket.write(`${head.join("\r\n")}\r\n\r\n`);
  while (sent < total && sentBeforeAnswer < 0 && !socket.destroyed) {
    const piece = CHUNK.subarray(0, Math.min(CHUNK.length, total - sent));
    const framed = chunked ? Buffer.concat([Buffer.from(`${piece.length.toString(16)}\r\n`), piece, Buffer.from("\r\n")]) : piece;
    const flushed = socket.write(framed);
    sent += piece.length;
    if (!flushed) await Promise.race([new Promise((resolve) => socket.once("drain", resolve)), answered]);
  }
  if (end && chunked && sentBeforeAnswer < 0 && !socket.destroyed) socket.write("0\r\n\r\n");
  await answered;
  socket.destroy();
  const [statusLine] = received.split("\r\n");
  const bodyText = received.slice(received.indexOf("\r\n\r\n") + 4);
  return {
    status: Number(statusLine.split(" ")[1]),
    body: parseBody(bodyText),
    sentBeforeAnswer: sentBeforeAnswer < 0 ? sent : sentBeforeAnswer,
  };
}

function isComplete(received: string): boolean {
  const end = received.indexOf("\r\n\r\n");
  if (end < 0) return false;
  if (/transfer-encoding: *chunked/i.test(received.slice(0, end))) return received.endsWith("\r\n0\r\n\r\n");
  const length = /content-length: *(\d+)/i.exec(received.slice(0, end));
  return length !== null && Buffer.byteLength(received.slice(end + 4), "latin1") >= Number(length[1]);
}

/** The JSON of a body, chunk-framed or not. */
function parseBody(text: string): unknown {
  const start = text.indexOf("{");
  const end = text.lastIndexOf("}");
  return start < 0 ? null : JSON.parse(text.slice(start, end + 1));
}

const tooLarge = { type: "invalid_request", code: "request_too_large", detail: "Request body is too large.", attr: null };

describe("/api bodies are counted while they are read", () => {
  let user: TestUser;
  let inviteId: string;
  beforeAll(async () => {
    user = await signUp(baseUrl);
    inviteId = (await user.session.post(`/api/organizations/${user.organizationId}/invites/`, { target_email: "big@example.com" })).body.id;
  });

  const json = { "content-type": "application/json" };
  const routes = () => [
    { path: "/api/login/", headers: json },
    { path: "/api/signup/", headers: json },
    { path: `/api/signup/${inviteId}/`, headers: json },
    { path: "/api/auth/callback/credentials", headers: { "content-type": "application/x-www-form-urlencoded" } },
    { path: `/api/projects/${user.projectId}/insights/`, headers: { ...json, cookie: user.session.credentials.cookie!, origin: baseUrl } },
  ];

  test("a chunked body without Content-Length is refused with 413 once it passes 5 MB, before it ends", async () => {
    for (const { path, headers } of routes()) {
      const answer = await streamPost(path, { ...headers, "transfer-encoding": "chunked" }, PAST_LIMIT, { end: false });
      expect(answer.status, path).toBe(413);
      expect(answer.body, path).toEqual(tooLarge);
    }
  });

  test("a Content-Length above the limit is refused before the body is read", async () => {
    for (const { path, headers } of routes()) {
      const answer = await streamPost(path, { ...headers, "content-length": String(LIMIT + 1) }, CHUNK.length, { end: false });
      expect(answer.status, path).toBe(413);
      expect(answer.body, path).toEqual(tooLarge);
      expect(answer.sentBeforeAnswer, path).toBe(CHUNK.length);
    }
  });

  test("a Content-Length that understates the body: only the declared bytes are read, the rest is no request", async () => {
    for (const { path, headers } of routes()) {
      // 16 declared bytes and 4 KB past them, a few segments the server reads whole: with bytes left unread, its close
      // would be a reset, which can drop its answer before this client reads it.
      const answer = await streamPost(path, { ...headers, "content-length": "16" }, 16 + 4096);
      // 16 bytes of "a": not JSON (400), next-auth's redirect for a form without its CSRF token, or the 400 for the
      // bytes past them, which are no request.
      expect([400, 302], path).toContain(answer.status);
    }
    expect((await fetch(new URL("/_health", baseUrl))).status).toBe(200);
  });

  test("a body just under the limit is read and judged on its content", async () => {
    const padded = JSON.stringify({ email: user.email, password: "p".repeat(LIMIT - 100) });
    expect(padded.length).toBeLessThan(LIMIT);
    const answer = await streamPost("/api/login/", { ...json, "transfer-encoding": "chunked" }, 0);
    expect(answer.status).toBe(400);
    const response = await fetch(new URL("/api/login/", baseUrl), { method: "POST", headers: json, body: padded });
    expect(response.status).not.toBe(413);
    expect(response.status).toBeLessThan(500);
  });
});
