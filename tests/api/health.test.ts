import { expect, inject, test } from "vitest";

const baseUrl = inject("baseUrl");

test.each(["/_health", "/_health/"])("%s answers 200 while the server is up, to anyone", async (path) => {
  const response = await fetch(new URL(path, baseUrl));
  expect(response.status).toBe(200);
  expect(await response.text()).toBe("ok");
});

test.each(["/_readyz", "/_readyz/"])("%s answers 200 when the metadata database and the event store answer", async (path) => {
  const response = await fetch(new URL(path, baseUrl));
  expect(response.status).toBe(200);
  expect(await response.json()).toEqual({ http: true, postgres: true, clickhouse: true });
});
