import { createServer } from "node:http";
import { SMTPServer } from "smtp-server";
import { expect } from "vitest";
import type { TestUser } from "./api";
import { listenOnLoopback, onCleanUp } from "./batch-exports";
import { pageviewTrendsQuery } from "./insights";

// A local SMTP sink and HTTP receiver for the alert tests, stopped by the file's `cleanUp`.

/** The mail's text with quoted-printable soft breaks and escapes undone. */
const decodeMail = (raw: string) =>
  raw.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

/** Records every mail it accepts; a recipient `refuse` names is rejected (550), as a mail server refusing it. */
export async function smtpSink(refuse: (address: string) => boolean = () => false) {
  const mails: { to: string[]; text: string }[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onRcptTo(address, _session, callback) {
      callback(refuse(address.address) ? Object.assign(new Error("Mailbox refused"), { responseCode: 550 }) : undefined);
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
  onCleanUp(() => new Promise<void>((resolve) => smtp.close(resolve)));
  return { url: `smtp://127.0.0.1:${(smtp.server.address() as { port: number }).port}`, mails };
}

/** Records every JSON body POSTed to it. */
export async function webhookReceiver() {
  const received: any[] = [];
  const port = await listenOnLoopback(
    createServer((request, response) => {
      let body = "";
      request.on("data", (chunk) => (body += chunk));
      request.on("end", () => {
        received.push(JSON.parse(body));
        response.writeHead(204).end();
      });
    }),
  );
  return { url: `http://127.0.0.1:${port}/hook`, received };
}

/** A saved daily trend of pageviews, 1–4 March 2024 (its points are those days' counts). */
export async function trendInsight(user: TestUser, series = 1) {
  const query = pageviewTrendsQuery();
  query.source.series = Array.from({ length: series }, () => ({ kind: "EventsNode", event: "$pageview", math: "total" }));
  const created = await user.session.post(`/api/projects/${user.projectId}/insights/`, { name: "Pageviews", query, saved: true });
  expect(created.status, created.text).toBe(201);
  return created.body as { id: number; short_id: string };
}

/** Polls the alert until `done` holds (checks run in the server's loop), answering it. */
export async function alertWhen(user: TestUser, alertId: string, done: (alert: any) => boolean, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const response = await user.session.get(`/api/projects/${user.projectId}/alerts/${alertId}/`);
    expect(response.status, response.text).toBe(200);
    if (done(response.body)) return response.body;
    if (Date.now() > deadline) throw new Error(`alert never got there: ${JSON.stringify(response.body)}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}
