import http, { createServer, type Server } from "node:http";
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import { request } from "undici";
import { NOTHING_ALLOWED, parseAllowedDestinations } from "./allowed-destinations";
import {
  DestinationUnreachable,
  destinationAgents,
  destinationDispatcher,
  isPublicAddress,
  resolveDestination,
  UNREACHABLE_MESSAGE,
} from "./destination-guard";

vi.spyOn(console, "warn").mockImplementation(() => undefined);

const answers =
  (...addresses: string[]) =>
  async () =>
    addresses.map((address) => ({ address }));

const REFUSED_ADDRESSES = [
  // loopback, every spelling a resolver or URL parser reads as 127.0.0.1
  "127.0.0.1",
  "127.1",
  "127.0.1",
  "2130706433",
  "0x7f000001",
  "0x7f.1",
  "0x7f.0.0.1",
  "0177.0.0.1",
  "017700000001",
  "127.255.255.254",
  "::1",
  "0:0:0:0:0:0:0:1",
  "::ffff:127.0.0.1",
  "::ffff:7f00:1",
  "0:0:0:0:0:ffff:7f00:1",
  "::127.0.0.1",
  "[::1]",
  "[::ffff:127.0.0.1]",
  // private, CGNAT, unique local
  "10.0.0.1",
  "10.255.255.255",
  "172.16.0.1",
  "172.31.255.255",
  "192.168.1.1",
  "0xc0a80101",
  "3232235777",
  "100.64.0.1",
  "100.127.255.255",
  "fc00::1",
  "fd12:3456::1",
  "::ffff:10.0.0.1",
  "::ffff:192.168.0.1",
  // link-local (cloud metadata), multicast, unspecified, broadcast, reserved
  "169.254.169.254",
  "0xa9fea9fe",
  "2852039166",
  "fe80::1",
  "::ffff:169.254.169.254",
  "224.0.0.1",
  "239.255.255.250",
  "ff02::1",
  "0.0.0.0",
  "0",
  "::",
  "255.255.255.255",
  "240.0.0.1",
  "198.18.0.1",
  "192.0.2.1",
  "2001:db8::1",
  // addresses carrying an IPv4 address another way (NAT64, 6to4, Teredo)
  "64:ff9b::7f00:1",
  "2002:7f00:1::",
  "2001:0:4136:e378:8000:63bf:3fff:fdd2",
];

describe("resolveDestination refuses what is not a public address", () => {
  test.each(REFUSED_ADDRESSES)("%s", async (host) => {
    const lookup = vi.fn(answers("93.184.216.34"));
    await expect(resolveDestination(host, { allowed: NOTHING_ALLOWED, lookup })).rejects.toThrow(DestinationUnreachable);
    // A literal is checked as the address it spells, never handed to a resolver.
    expect(lookup).not.toHaveBeenCalled();
  });

  test.each([
    "/var/run/postgresql",
    "/tmp/.s.PGSQL.5432",
    "localhost/../",
    "host,other",
    "fe80::1%eth0",
    "a b",
    "",
    "  ",
    "@localhost",
    "[::1]:5432",
  ])("not a host: %j", async (host) => {
    const lookup = vi.fn(answers("93.184.216.34"));
    await expect(resolveDestination(host, { allowed: NOTHING_ALLOWED, lookup })).rejects.toThrow(UNREACHABLE_MESSAGE);
    expect(lookup).not.toHaveBeenCalled();
  });

  test("a name is refused when any address it resolves to is refused", async () => {
    for (const addresses of [
      ["127.0.0.1"],
      ["93.184.216.34", "10.0.0.1"],
      ["2606:2800:220:1::1", "::1"],
      ["::ffff:127.0.0.1"],
      ["169.254.169.254"],
    ])
      await expect(resolveDestination("rebind.example.com", { allowed: NOTHING_ALLOWED, lookup: answers(...addresses) })).rejects.toThrow(
        DestinationUnreachable,
      );
  });

  test("the system resolver's answer for localhost is refused", async () => {
    await expect(resolveDestination("localhost", { allowed: NOTHING_ALLOWED })).rejects.toThrow(DestinationUnreachable);
    await expect(resolveDestination("LOCALHOST.", { allowed: NOTHING_ALLOWED })).rejects.toThrow(DestinationUnreachable);
  });

  test("a name that does not resolve is the same generic refusal", async () => {
    const failing = async () => {
      throw Object.assign(new Error("getaddrinfo ENOTFOUND nowhere.invalid"), { code: "ENOTFOUND" });
    };
    const error = await resolveDestination("nowhere.invalid", { allowed: NOTHING_ALLOWED, lookup: failing }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DestinationUnreachable);
    expect((error as Error).message).toBe(UNREACHABLE_MESSAGE);
    expect((error as DestinationUnreachable).detail).toContain("ENOTFOUND");
  });
});

describe("resolveDestination admits public addresses and what the operator lists", () => {
  test("public addresses and names resolving only to them, resolved once, connected to as checked", async () => {
    for (const address of ["93.184.216.34", "8.8.8.8", "2606:2800:220:1::1", "::ffff:8.8.8.8"])
      expect((await resolveDestination(address, { allowed: NOTHING_ALLOWED })).address).toBe(
        address === "::ffff:8.8.8.8" ? "8.8.8.8" : address,
      );
    const lookup = vi.fn(answers("2606:2800:220:1::1", "93.184.216.34"));
    expect(await resolveDestination("Example.COM.", { allowed: NOTHING_ALLOWED, lookup })).toEqual({
      host: "example.com",
      address: "2606:2800:220:1::1",
      family: 6,
    });
    expect(lookup).toHaveBeenCalledTimes(1);
  });

  test("the list admits its names, addresses and ranges, and nothing else", async () => {
    const allowed = parseAllowedDestinations("warehouse.internal, 127.0.0.1, 10.1.0.0/16, fd00::/8, [::1]");
    const lookup = answers("10.9.9.9");
    expect((await resolveDestination("Warehouse.Internal", { allowed, lookup })).address).toBe("10.9.9.9");
    for (const host of ["127.0.0.1", "2130706433", "::ffff:127.0.0.1", "::1", "10.1.2.3", "fd00::5"])
      await expect(resolveDestination(host, { allowed, lookup })).resolves.toBeDefined();
    for (const host of ["127.0.0.2", "10.2.0.1", "192.168.0.1", "169.254.169.254", "fe80::1"])
      await expect(resolveDestination(host, { allowed, lookup })).rejects.toThrow(DestinationUnreachable);
    // Another name resolving to a listed name's address is judged by its addresses.
    await expect(resolveDestination("other.internal", { allowed, lookup })).rejects.toThrow(DestinationUnreachable);
    expect((await resolveDestination("other.internal", { allowed, lookup: answers("127.0.0.1") })).address).toBe("127.0.0.1");
  });

  test("the list is read strictly: a wrong entry stops the server with its name", () => {
    expect(parseAllowedDestinations(" ,localhost, ::ffff:127.0.0.0/104 ,")).toMatchObject({ names: new Set(["localhost"]) });
    for (const wrong of ["2130706433", "0x7f.1", "10.0.0.0/33", "10.0.0.0/x", "http://host", "a b", "/var/run/postgresql", "::1/129"])
      expect(() => parseAllowedDestinations(wrong), wrong).toThrow(/is not/);
  });

  test("isPublicAddress", () => {
    expect(isPublicAddress("1.1.1.1")).toBe(true);
    expect(isPublicAddress("not an address")).toBe(false);
    for (const address of REFUSED_ADDRESSES.filter((a) => !a.startsWith("["))) expect(isPublicAddress(address), address).toBe(false);
  });
});

describe("connections go to the checked address only", () => {
  let server: Server;
  let port: number;
  const seen: string[] = [];
  beforeAll(async () => {
    server = createServer((req, res) => {
      seen.push(`${req.method} ${req.url}`);
      res.writeHead(307, { location: `http://127.0.0.1:${port}/inner` }).end();
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    port = (server.address() as { port: number }).port;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  test("the undici dispatcher refuses loopback spellings by default and never follows a redirect", async () => {
    for (const host of ["127.0.0.1", "2130706433", "0x7f.1", "[::ffff:127.0.0.1]", "localhost"])
      await expect(request(`http://${host}:${port}/x`, { dispatcher: destinationDispatcher() })).rejects.toThrow(UNREACHABLE_MESSAGE);
    expect(seen).toEqual([]);
  });

  test("node's agents refuse them too", async () => {
    const { httpAgent } = destinationAgents();
    for (const host of ["127.0.0.1", "localhost", "::ffff:127.0.0.1"]) {
      const error = await new Promise<Error>((resolve) => {
        const req = http.request({ host, port, path: "/x", agent: httpAgent }, () => resolve(new Error("answered")));
        req.on("error", resolve);
        req.end();
      });
      expect(error.message, host).toBe(UNREACHABLE_MESSAGE);
    }
    expect(seen).toEqual([]);
  });
});
