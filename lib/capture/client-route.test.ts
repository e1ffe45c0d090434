import { NextRequest } from "next/server";
import { afterEach, describe, expect, test, vi } from "vitest";
import { config } from "@/lib/config";
import { PEER_ADDRESS_HEADER } from "@/lib/server/forwarded";
import { clientRoute } from "./client-route";
import type { RawCaptureRequest } from "./decode";

vi.mock("@/lib/ingestion/pipeline", () => ({ ingest: async () => ({ stored: 0, duplicates: 0, refused: [] }) }));

/** The address a capture request is handled with, its headers given. */
async function addressOf(headers: Record<string, string>): Promise<string | null> {
  let seen: RawCaptureRequest | undefined;
  const route = clientRoute(
    async (raw) => {
      seen = raw;
      return { status: 1 };
    },
    { maxBytes: 1024 },
  );
  const response = await route.POST(new NextRequest("http://hedgerow.test/e/", { method: "POST", headers, body: "{}" }));
  expect(response.status).toBe(200);
  return seen?.ip ?? null;
}

const trusted = config.trustedProxies;
afterEach(() => {
  config.trustedProxies = trusted;
});

describe("clientRoute: the sender's address (`$ip`)", () => {
  test("without trusted proxies, a spoofed X-Forwarded-For or X-Real-IP is not the address: the connection's is", async () => {
    config.trustedProxies = 0;
    const spoofs: Record<string, string>[] = [
      { "x-forwarded-for": "203.0.113.9" },
      { "x-forwarded-for": "203.0.113.9, 10.0.0.1" },
      { "x-real-ip": "203.0.113.9" },
    ];
    for (const spoof of spoofs) expect(await addressOf({ [PEER_ADDRESS_HEADER]: "::ffff:198.51.100.7", ...spoof })).toBe("198.51.100.7");
  });

  test("behind one trusted proxy, the address it appended; never one the client prepended", async () => {
    config.trustedProxies = 1;
    expect(await addressOf({ [PEER_ADDRESS_HEADER]: "10.0.0.2", "x-forwarded-for": "203.0.113.9, 198.51.100.7" })).toBe("198.51.100.7");
    expect(await addressOf({ [PEER_ADDRESS_HEADER]: "10.0.0.2" })).toBe("10.0.0.2");
  });

  test("no address is recorded when none is known, or when a proxy's header holds something else", async () => {
    config.trustedProxies = 0;
    expect(await addressOf({})).toBeNull();
    config.trustedProxies = 1;
    for (const forwarded of ["unknown", "<script>", "198.51.100.7:4711", "a".repeat(300)])
      expect(await addressOf({ [PEER_ADDRESS_HEADER]: "10.0.0.2", "x-forwarded-for": forwarded })).toBeNull();
  });
});
