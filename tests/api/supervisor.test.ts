import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, inject, test } from "vitest";
import { ApiClient, signUp } from "../support/api";
import { listAllEvents, projectToken, sendBatch } from "../support/events";
import { childrenOf, freePort, isAlive, until } from "../support/server";

const backend = inject("backend");

/** The pids of the server processes (scripts/serve.mjs) `parent` spawned (it may have others: the demo's after-start process). */
const serversOf = (parent: number) => childrenOf(parent, "scripts/serve.mjs");

const isReady = (baseUrl: string) =>
  fetch(new URL("/_readyz", baseUrl)).then(
    (response) => response.status === 200 || undefined,
    () => undefined,
  );

// The supervisor does not depend on the backend; what it must get right is reopening the embedded databases,
// which allow one process per data dir. So it runs once, on PGlite and chDB.
test.skipIf(backend === "postgres")(
  "npm start restarts a killed server on the same data, and SIGTERM stops it for good",
  { timeout: 150_000 },
  async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "hedgerow-supervisor-"));
    const port = await freePort();
    const baseUrl = `http://127.0.0.1:${port}`;
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      NODE_ENV: "production",
      HEDGEROW_DATA_DIR: dataDir,
      HEDGEROW_DEMO: "false",
      NEXTAUTH_SECRET: "test-secret",
      ALLOW_SIGNUP: "true",
      PORT: String(port),
      HOST: "127.0.0.1",
    };
    delete env.DATABASE_URL;
    delete env.CLICKHOUSE_URL;
    const supervisor = spawn(process.execPath, ["scripts/start.mjs"], { env, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    supervisor.stdout.on("data", (chunk: Buffer) => (output += chunk));
    supervisor.stderr.on("data", (chunk: Buffer) => (output += chunk));
    const exited = new Promise<number | null>((resolve) => supervisor.once("exit", resolve));
    const log = () => output;
    try {
      await until("the first start", () => isReady(baseUrl), log);
      const [firstServer] = serversOf(supervisor.pid!);
      expect(firstServer).toBeGreaterThan(0);
      const user = await signUp(baseUrl);
      const event = { event: "before the crash", distinct_id: "someone" };
      expect((await sendBatch(baseUrl, projectToken(user), [event])).status).toBe(200);

      process.kill(firstServer, "SIGKILL");
      await until("the restart", () => (isAlive(firstServer) ? undefined : isReady(baseUrl)), log);
      expect(output).toContain("[hedgerow] The server was killed by SIGKILL; restarting it in 1 s.");
      const [secondServer] = serversOf(supervisor.pid!);
      expect(secondServer).not.toBe(firstServer);

      // What was acknowledged before the kill is there: the user signs in, the event is stored.
      const login = await new ApiClient(baseUrl).post("/api/login/", { email: user.email, password: user.password });
      expect(login.status, login.text).toBe(200);
      expect((await listAllEvents(user)).map((e) => e.event)).toEqual([event.event]);

      supervisor.kill("SIGTERM");
      expect(await exited).toBe(0);
      expect(isAlive(secondServer)).toBe(false);
      expect(output.match(/restarting it/g)).toHaveLength(1);
      await expect(fetch(new URL("/_health", baseUrl))).rejects.toThrow();
    } finally {
      if (supervisor.exitCode === null) {
        for (const pid of serversOf(supervisor.pid!)) process.kill(pid, "SIGKILL");
        supervisor.kill("SIGKILL");
        await exited;
      }
      rmSync(dataDir, { recursive: true, force: true });
    }
  },
);
