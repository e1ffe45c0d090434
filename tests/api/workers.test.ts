import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, inject, test } from "vitest";
import { signUp } from "../support/api";
import { listAllEvents, projectToken, sendBatch } from "../support/events";
import { childrenOf, createPostgresDatabase, isAlive, startInstance, until } from "../support/server";

// Several server processes exist only on PostgreSQL (PGlite allows one process per data dir).
test.runIf(inject("backend") === "postgres")(
  "npm start with two server processes: both serve, events captured through either are read back through either, a killed one is replaced while the other answers",
  { timeout: 240_000 },
  async () => {
    const database = await createPostgresDatabase("workers");
    const dataDir = mkdtempSync(path.join(tmpdir(), "hedgerow-workers-"));
    const instance = await startInstance({
      DATABASE_URL: database.url,
      HEDGEROW_DATA_DIR: dataDir,
      HEDGEROW_WORKERS: "2",
      ALLOW_SIGNUP: "true",
    });
    const { baseUrl, output } = instance;
    const primary = instance.process.pid!;
    const servers = () => childrenOf(primary, "scripts/serve.mjs");
    try {
      expect(output()).toContain("Server processes: 2");
      // scripts/serve.mjs logs "Ready in …" once a process listens (the second starts once the first answers).
      const readyLines = () => output().match(/Ready in/g)?.length ?? 0;
      const killedLines = () =>
        output().match(/\[hedgerow\] Server process [12] was killed by SIGKILL; restarting it in 1 s\./g)?.length ?? 0;
      await until("two listening server processes", () => (readyLines() === 2 ? true : undefined), output);
      const [first, second] = servers();
      expect(servers()).toHaveLength(2);
      const [eventStore] = childrenOf(primary, "scripts/event-store.ts");
      expect(eventStore).toBeGreaterThan(0);

      // Captures on many connections at once (each connection goes to the next process in turn), then reads.
      const user = await signUp(baseUrl);
      const sent = Array.from({ length: 20 }, (_, i) => ({ event: `spread ${i}`, distinct_id: `user-${i % 3}` }));
      const answers = await Promise.all(sent.map((event) => sendBatch(baseUrl, projectToken(user), [event])));
      expect(answers.map((a) => a.status)).toEqual(sent.map(() => 200));
      const read = async () => (await listAllEvents(user)).map((e) => e.event).sort();
      expect(await read()).toEqual(sent.map((e) => e.event).sort());

      // Through the event-store process, a query still reads its own project only, whatever alias it writes.
      const stranger = await signUp(baseUrl);
      expect(
        (await sendBatch(baseUrl, projectToken(stranger), [{ event: "planted", distinct_id: "eve", properties: { token: "hunter2" } }]))
          .status,
      ).toBe(200);
      const reader = await user.key(["query:read"]);
      for (const query of [
        "select 3 as `e.team_id`, event, properties.token from events",
        "select event, properties.token from events where team_id != 0",
      ]) {
        const answer = await reader.post(`/api/projects/${user.projectId}/query/`, {
          query: { kind: "HogQLQuery", query },
          refresh: "force_blocking",
        });
        expect(JSON.stringify(answer.body), query).not.toMatch(/hunter2|planted/);
      }
      const count = await reader.post(`/api/projects/${user.projectId}/query/`, {
        query: { kind: "HogQLQuery", query: "select count() from events" },
      });
      expect(count.body.results).toEqual([[sent.length]]);

      // Each process in turn is killed: the other answers at once (the killed one waits out its 1 s backoff), so
      // each of them was serving.
      const captured = [...sent];
      for (const [round, victim] of [first, second].entries()) {
        process.kill(victim, "SIGKILL");
        await until("the kill", () => (isAlive(victim) ? undefined : true), output);
        // Not before the supervisor has logged the exit: until then the primary may still hand a new connection to the
        // dead process, and this client may still reuse its idle keep-alive connection to it ("other side closed").
        await until("the primary's notice of the kill", () => (killedLines() > round ? true : undefined), output);
        const event = { event: `after killing ${victim}`, distinct_id: "user-0" };
        expect((await sendBatch(baseUrl, projectToken(user), [event])).status).toBe(200);
        captured.push(event);
        expect(await read()).toEqual(captured.map((e) => e.event).sort());
        await until("the replacement", () => (servers().length === 2 && !servers().includes(victim) ? true : undefined), output);
        await until("the replacement's readiness", () => (readyLines() >= 3 + round ? true : undefined), output);
      }
      expect(killedLines()).toBe(2);
      // The event store process was never involved in the kills.
      expect(childrenOf(primary, "scripts/event-store.ts")).toEqual([eventStore]);

      // A killed event-store process is restarted too; the server processes reconnect, and what was acknowledged
      // before is all there.
      process.kill(eventStore, "SIGKILL");
      // One uuid for every attempt: an attempt the store took but could not acknowledge is not stored twice.
      const late = { event: "after the event store came back", distinct_id: "user-1", uuid: randomUUID() };
      await until(
        "a capture after the event store's restart",
        async () => {
          const answer = await sendBatch(baseUrl, projectToken(user), [late]).catch(() => ({ status: 0 }));
          return answer.status === 200 ? true : undefined;
        },
        output,
      );
      expect(output()).toContain("[hedgerow] The event-store process was killed by SIGKILL; restarting it in 1 s.");
      captured.push(late);
      expect(await read()).toEqual(captured.map((e) => e.event).sort());
      const [newEventStore] = childrenOf(primary, "scripts/event-store.ts");
      const survivors = [...servers(), newEventStore];

      expect(await instance.stop()).toBe(0);
      expect(survivors.filter(isAlive)).toEqual([]);
      await expect(fetch(new URL("/_health", baseUrl))).rejects.toThrow();
    } finally {
      if (instance.process.exitCode === null) {
        for (const pid of [...servers(), ...childrenOf(primary, "event-store")]) process.kill(pid, "SIGKILL");
        instance.process.kill("SIGKILL");
      }
      rmSync(dataDir, { recursive: true, force: true });
      await database.drop();
    }
  },
);
