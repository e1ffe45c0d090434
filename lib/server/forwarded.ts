import diagnosticsChannel from "node:diagnostics_channel";
import type { IncomingMessage } from "node:http";
import type { Socket } from "node:net";
import { config } from "@/lib/config";

/** The address of the connection a request came on, stamped by the server itself (a client's own value is overwritten). */
export const PEER_ADDRESS_HEADER = "x-hedgerow-peer-address";

/** Headers a proxy sets about the client; any client can send them too. */
const FORWARDED_HEADERS = ["forwarded", "x-forwarded-for", "x-forwarded-host", "x-forwarded-proto", "x-forwarded-port", "x-real-ip"];

/**
 * Stamps each request, before Next reads it, with the address of its connection, and unless proxies are trusted
 * (TRUST_PROXY) drops the `X-Forwarded-*` headers it brings: Next then fills them from the connection and the
 * `Host` header, so next-auth, same-origin checks and absolute links see what the client really reached.
 */
export function applyForwardedHeaderPolicy(
  request: IncomingMessage,
  socket: Pick<Socket, "remoteAddress">,
  trustedProxies = config.trustedProxies,
) {
  request.headers[PEER_ADDRESS_HEADER] = socket.remoteAddress ?? "";
  if (trustedProxies === 0) for (const name of FORWARDED_HEADERS) delete request.headers[name];
}

let installed = false;

/** Applies the policy to every request this process's HTTP server receives (Node publishes each before its `request` event). */
export function installForwardedHeaderPolicy() {
  if (installed) return;
  installed = true;
  diagnosticsChannel.subscribe("http.server.request.start", (message) => {
    const { request, socket } = message as { request: IncomingMessage; socket: Socket };
    applyForwardedHeaderPolicy(request, socket);
  });
}

/** `::ffff:10.0.0.1` (an IPv4 client of a dual-stack socket) is `10.0.0.1`. */
const plainAddress = (address: string) => address.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, "").toLowerCase();

/**
 * Who is asking, for limits per client: the connection's address, or with `trustedProxies` proxies in front, the
 * address the outermost of them saw (each appends the address it received from to `X-Forwarded-For`; entries
 * left of it are the client's own to write).
 */
export function clientAddress(headers: Pick<Headers, "get">, trustedProxies = config.trustedProxies): string {
  const peer = headers.get(PEER_ADDRESS_HEADER) || "unknown";
  if (trustedProxies === 0) return plainAddress(peer);
  const chain = (headers.get("x-forwarded-for") ?? "")
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
  return plainAddress(chain[Math.max(0, chain.length - trustedProxies)] ?? peer);
}
