import { lookup as systemLookup } from "node:dns/promises";
import http from "node:http";
import https from "node:https";
import { isIP, type Socket } from "node:net";
import { Agent, buildConnector, type Dispatcher } from "undici";
import { config } from "@/lib/config";
import { isAllowedAddress, isAllowedName, normalizeHostName, parseAddress, type AllowedDestinations } from "./allowed-destinations";

/**
 * Where Hedgerow connects on a user's behalf (batch export destinations, pipeline apps' destinations): only to public
 * addresses, unless the operator lists a private host in HEDGEROW_ALLOWED_DESTINATIONS. A host is resolved once, every
 * address it resolves to is checked, and the connection goes to the checked address (a name answering a public
 * address to the check and a private one to the connection gains nothing).
 */

/** What a user is told when a destination is refused or cannot be reached: the reason is in the server's log only. */
export const UNREACHABLE_MESSAGE = "could not connect to the destination";

/** A destination refused or not reached; `detail` (logged, never answered) says which and why. */
export class DestinationUnreachable extends Error {
  constructor(readonly detail: string) {
    super(UNREACHABLE_MESSAGE);
    this.name = "DestinationUnreachable";
  }
}

/** Logs why a destination was not reached and answers the error a user may see. */
export function unreachable(detail: string, cause?: unknown): DestinationUnreachable {
  const reason = cause instanceof Error ? `: ${cause.message}` : cause === undefined ? "" : `: ${String(cause)}`;
  console.warn(`[destinations] ${detail}${reason}`);
  return new DestinationUnreachable(`${detail}${reason}`);
}

type AddressLookup = (host: string) => Promise<{ address: string }[]>;

export interface CheckedDestination {
  /** The host as written (a TLS connection verifies the certificate for it). */
  host: string;
  /** The checked address to connect to. */
  address: string;
  family: 4 | 6;
}

interface GuardOptions {
  allowed?: AllowedDestinations;
  lookup?: AddressLookup;
}

// Letters, digits, `-`, `_`, `.`, and `:` of IPv6 literals: no path (a unix socket), no zone id, no list of hosts.
const HOST_CHARACTERS = /^[a-z0-9._:-]+$/i;

/** True for a plain public unicast address (not loopback, private, CGNAT, link-local, multicast, reserved…). */
export function isPublicAddress(text: string): boolean {
  const address = parseAddress(text);
  return address !== null && address.range() === "unicast";
}

/**
 * Resolves `host` once and checks every address: all must be public, or the host name or each address admitted by
 * the operator's list. Answers the address to connect to; a refusal or a failed resolution is DestinationUnreachable.
 */
export async function resolveDestination(host: string, options: GuardOptions = {}): Promise<CheckedDestination> {
  const allowed = options.allowed ?? config.allowedDestinations;
  const name = host.trim().replace(/^\[(.*)\]$/, "$1");
  if (!name || !HOST_CHARACTERS.test(name)) throw unreachable(`refused the host ${JSON.stringify(host)}: not a host name or an IP address`);
  // Numeric spellings (2130706433, 0x7f.1, 127.1) are read as the resolver would read them, then checked as addresses.
  const literal = parseAddress(name);
  let addresses: string[];
  if (literal) addresses = [literal.toString()];
  else {
    try {
      addresses = (await (options.lookup ?? lookupAll)(name)).map((entry) => entry.address);
    } catch (error) {
      throw unreachable(`could not resolve ${name}`, error);
    }
  }
  if (!addresses.length) throw unreachable(`${name} resolves to no address`);
  const nameAllowed = !literal && isAllowedName(allowed, name);
  for (const address of addresses) {
    const parsed = parseAddress(address);
    if (!parsed) throw unreachable(`${name} resolves to ${address}, which is not an IP address`);
    if (!nameAllowed && parsed.range() !== "unicast" && !isAllowedAddress(allowed, parsed))
      throw unreachable(
        `refused ${name}: it resolves to ${address} (${parsed.range()}), which HEDGEROW_ALLOWED_DESTINATIONS does not list`,
      );
  }
  const address = parseAddress(addresses[0])!.toString();
  return { host: literal ? address : normalizeHostName(name), address, family: isIP(address) === 6 ? 6 : 4 };
}

const lookupAll: AddressLookup = (host) => systemLookup(host, { all: true, verbatim: true });

/** The name a TLS connection to `host` verifies its certificate for (none for an IP address). */
const serverNameOf = (host: string) => (isIP(host) ? undefined : host);

let dispatcher: Dispatcher | undefined;

/**
 * An undici dispatcher whose every connection goes through resolveDestination, to the checked address (the TLS
 * server name stays the URL's host). Redirects are not followed by undici's `request`; a caller following them
 * itself goes through the same check for each.
 */
export function destinationDispatcher(): Dispatcher {
  if (dispatcher) return dispatcher;
  const connect = buildConnector({ timeout: 10_000 });
  dispatcher = new Agent({
    connect: (options, callback) => {
      if (options.socketPath) return callback(unreachable(`refused the unix socket ${options.socketPath}`), null);
      resolveDestination(options.hostname).then(
        (checked) =>
          connect({ ...options, hostname: checked.address, servername: options.servername || serverNameOf(checked.host) }, callback),
        (error: Error) => callback(error, null),
      );
    },
  });
  return dispatcher;
}

type CreateConnection = (options: Record<string, unknown>, callback: (error: Error | null, socket?: Socket) => void) => Socket | undefined;

/**
 * Node's HTTP agents whose sockets go to checked addresses (for clients taking an agent, as the AWS SDK does); the
 * TLS server name stays the requested host.
 */
export function destinationAgents(): { httpAgent: http.Agent; httpsAgent: https.Agent } {
  const guard = <A extends http.Agent>(agent: A): A => {
    const create = (agent as unknown as { createConnection: CreateConnection }).createConnection.bind(agent);
    const guarded: CreateConnection = (options, callback) => {
      if (options.socketPath || options.path) {
        callback(unreachable(`refused the unix socket ${String(options.socketPath ?? options.path)}`));
        return undefined;
      }
      const host = String(options.host ?? options.hostname ?? "");
      resolveDestination(host).then(
        (checked) => {
          try {
            callback(
              null,
              create({ ...options, host: checked.address, servername: options.servername || serverNameOf(checked.host) }, () => undefined),
            );
          } catch (error) {
            callback(error as Error);
          }
        },
        (error: Error) => callback(error),
      );
      return undefined;
    };
    (agent as unknown as { createConnection: CreateConnection }).createConnection = guarded;
    return agent;
  };
  return { httpAgent: guard(new http.Agent({ keepAlive: true })), httpsAgent: guard(new https.Agent({ keepAlive: true })) };
}
