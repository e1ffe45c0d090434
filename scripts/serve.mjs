// A server process of `npm start` (scripts/start.mjs) and of the tests (tests/support/server.ts): the built Next.js
// app on a node:http server of its own, which answers the client libraries' routes (capture, flags) itself with the
// app's own handlers (lib/server/lean-routes.ts, handed over by instrumentation.ts) and hands every other
// request to Next. Plain JavaScript: it stays for the process's whole life and loads no TypeScript loader.
//   node scripts/serve.mjs [-p PORT] [-H HOST] [--keepAliveTimeout MS]
import { createServer } from "node:http";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";

const { values } = parseArgs({
  options: { port: { type: "string", short: "p" }, hostname: { type: "string", short: "H" }, keepAliveTimeout: { type: "string" } },
});
const port = Number(values.port ?? process.env.PORT ?? 3000);
const hostname = values.hostname ?? process.env.HOST ?? "0.0.0.0";
// As `next start`: a production server whatever the environment says (Next reads it when loaded).
process.env.NODE_ENV = "production";
const started = Date.now();
const { default: next } = await import("next");
const { everyAnswerHeaders } = await import("../next.config.mjs");

// instrumentation.ts hands over the lean routes once the stores are open (lib/server/lean-routes.ts).
const leanRoutes = new Promise((ready, failed) => (globalThis.__hedgerowLeanRoutes = { ready, failed }));
const app = next({ dev: false, dir: fileURLToPath(new URL("..", import.meta.url)), hostname, port });
await app.prepare();
const handleWithNext = app.getRequestHandler();
const lean = await leanRoutes;

// What Next's `headers()` (next.config.mjs) adds to every answer, and one saying which path answered.
const leanHeaders = { ...Object.fromEntries(everyAnswerHeaders.map(({ key, value }) => [key, value])), "X-Hedgerow-Route": "lean" };
const server = createServer((req, res) => {
  if (lean.serve(req, res, leanHeaders)) return;
  // As `next start` does with an error its handler lets through.
  handleWithNext(req, res).catch((error) => {
    console.error(error);
    if (res.headersSent) res.destroy();
    else res.writeHead(500).end("Internal Server Error");
  });
});
if (values.keepAliveTimeout) server.keepAliveTimeout = Number(values.keepAliveTimeout);
server.listen(port, hostname, () => console.log(`[hedgerow] Ready in ${Date.now() - started} ms on http://${hostname}:${port}`));
// Stop accepting; lib/server/lifecycle.ts writes what was acknowledged, closes the stores and exits.
for (const signal of ["SIGINT", "SIGTERM"]) process.once(signal, () => server.close());
