import http from "node:http";
import { describe, expect, test } from "vitest";
import { applyForwardedHeaderPolicy, clientAddress, installForwardedHeaderPolicy, PEER_ADDRESS_HEADER } from "./forwarded";

const requestWith = (headers: Record<string, string>) => ({ headers: { ...headers } }) as unknown as http.IncomingMessage;
const spoofed = {
  "x-forwarded-host": "evil.example",
  "x-forwarded-proto": "https",
  "x-forwarded-for": "203.0.113.9",
  "x-forwarded-port": "443",
  forwarded: "for=203.0.113.9;host=evil.example",
  "x-real-ip": "203.0.113.9",
  [PEER_ADDRESS_HEADER]: "203.0.113.9",
};

describe("applyForwardedHeaderPolicy", () => {
  test("without trusted proxies, every forwarded header a client sends is dropped and the peer is the socket's", () => {
    const request = requestWith({ host: "hedgerow.example.com", ...spoofed });
    applyForwardedHeaderPolicy(request, { remoteAddress: "198.51.100.7" }, 0);
    expect(request.headers).toEqual({ host: "hedgerow.example.com", [PEER_ADDRESS_HEADER]: "198.51.100.7" });
  });

  test("with a trusted proxy, its headers are kept, and the peer is still the socket's", () => {
    const request = requestWith(spoofed);
    applyForwardedHeaderPolicy(request, { remoteAddress: "10.0.0.2" }, 1);
    expect(request.headers["x-forwarded-host"]).toBe("evil.example");
    expect(request.headers[PEER_ADDRESS_HEADER]).toBe("10.0.0.2");
  });

  test("installed, it applies to a real server's requests before its handler runs", async () => {
    installForwardedHeaderPolicy();
    const server = http.createServer((req, res) => res.end(JSON.stringify(req.headers)));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      const { port } = server.address() as { port: number };
      const response = await fetch(`http://127.0.0.1:${port}/`, { headers: spoofed });
      const seen = await response.json();
      expect(seen[PEER_ADDRESS_HEADER]).toMatch(/^(::ffff:)?127\.0\.0\.1$/);
      for (const name of ["x-forwarded-host", "x-forwarded-for", "x-forwarded-proto", "forwarded", "x-real-ip"])
        expect(seen[name]).toBeUndefined();
    } finally {
      server.close();
    }
  });
});

describe("clientAddress", () => {
  const headers = (values: Record<string, string>) => new Headers(values);

  test("without trusted proxies: the connection's address, whatever X-Forwarded-For says", () => {
    expect(clientAddress(headers({ [PEER_ADDRESS_HEADER]: "198.51.100.7", "x-forwarded-for": "203.0.113.9" }), 0)).toBe("198.51.100.7");
    expect(clientAddress(headers({ [PEER_ADDRESS_HEADER]: "::ffff:198.51.100.7" }), 0)).toBe("198.51.100.7");
    expect(clientAddress(headers({ [PEER_ADDRESS_HEADER]: "2001:DB8::1" }), 0)).toBe("2001:db8::1");
    expect(clientAddress(headers({}), 0)).toBe("unknown");
  });

  test("with trusted proxies: the address the outermost trusted proxy saw, never one the client prepended", () => {
    const forwarded = { [PEER_ADDRESS_HEADER]: "10.0.0.2", "x-forwarded-for": "203.0.113.9, 198.51.100.7, 10.0.0.1" };
    expect(clientAddress(headers(forwarded), 1)).toBe("10.0.0.1");
    expect(clientAddress(headers(forwarded), 2)).toBe("198.51.100.7");
    expect(clientAddress(headers(forwarded), 5)).toBe("203.0.113.9");
    expect(clientAddress(headers({ [PEER_ADDRESS_HEADER]: "10.0.0.2" }), 1)).toBe("10.0.0.2");
    expect(clientAddress(headers({ [PEER_ADDRESS_HEADER]: "10.0.0.2", "x-forwarded-for": " , ::ffff:198.51.100.7" }), 1)).toBe(
      "198.51.100.7",
    );
  });
});
