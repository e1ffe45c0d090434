import ipaddr from "ipaddr.js";

type Address = ipaddr.IPv4 | ipaddr.IPv6;

/**
 * The private hosts an operator admits as destinations (HEDGEROW_ALLOWED_DESTINATIONS): host names, admitted whatever
 * they resolve to, and addresses or CIDR ranges, admitting the addresses in them.
 */
export interface AllowedDestinations {
  names: ReadonlySet<string>;
  ranges: readonly (readonly [Address, number])[];
}

export const NOTHING_ALLOWED: AllowedDestinations = { names: new Set(), ranges: [] };

const HOST_NAME = /^(?=.{1,253}$)[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?(?:\.[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?)*$/;

/** A host name as compared: lower case, without the root's trailing dot. */
export const normalizeHostName = (name: string) => name.trim().toLowerCase().replace(/\.$/, "");

/** An address as compared: IPv4-mapped and IPv4-compatible IPv6 forms become the IPv4 address they carry. */
export function parseAddress(text: string): Address | null {
  if (!ipaddr.isValid(text)) return null;
  const address = ipaddr.parse(text);
  if (address.kind() === "ipv6") {
    const parts = (address as ipaddr.IPv6).parts;
    // ::a.b.c.d (deprecated IPv4-compatible) carries an IPv4 address too; `::` and `::1` are themselves.
    if (parts.slice(0, 6).every((part) => part === 0) && (parts[6] !== 0 || parts[7] > 1))
      return ipaddr.IPv4.parse(`${parts[6] >> 8}.${parts[6] & 255}.${parts[7] >> 8}.${parts[7] & 255}`);
  }
  return ipaddr.process(text);
}

/**
 * Reads the comma-separated list: `warehouse.internal, 10.0.0.5, 192.168.0.0/16, fd00::/8, ::1`. IPv4 entries are
 * written in dotted decimal only (a list that says `2130706433` is a mistake to report, not an address to guess).
 */
export function parseAllowedDestinations(text: string | undefined): AllowedDestinations {
  const names = new Set<string>();
  const ranges: [Address, number][] = [];
  for (const raw of (text ?? "").split(",")) {
    const entry = raw.trim();
    if (!entry) continue;
    const unbracketed = entry.replace(/^\[(.*)\]$/, "$1");
    if (unbracketed.includes("/")) {
      const [base, bits] = unbracketed.split("/");
      if (!isPlainAddress(base) || !/^\d{1,3}$/.test(bits) || !ipaddr.isValidCIDR(unbracketed))
        throw new Error(`'${entry}' is not a CIDR range like 10.0.0.0/8 or fd00::/8`);
      const [address, prefix] = ipaddr.parseCIDR(unbracketed);
      ranges.push(
        address.kind() === "ipv6" && (address as ipaddr.IPv6).isIPv4MappedAddress()
          ? [(address as ipaddr.IPv6).toIPv4Address(), Math.max(0, prefix - 96)]
          : [address, prefix],
      );
    } else if (isPlainAddress(unbracketed)) {
      const address = parseAddress(unbracketed)!;
      ranges.push([address, address.kind() === "ipv4" ? 32 : 128]);
    } else if (HOST_NAME.test(normalizeHostName(entry)) && !/^[\d.]+$/.test(entry) && !/^0x/i.test(entry)) {
      names.add(normalizeHostName(entry));
    } else {
      throw new Error(`'${entry}' is not a host name, an IP address or a CIDR range`);
    }
  }
  return { names, ranges };
}

const isPlainAddress = (text: string) => ipaddr.IPv4.isValidFourPartDecimal(text) || ipaddr.IPv6.isValid(text);

export const isAllowedName = (allowed: AllowedDestinations, name: string) => allowed.names.has(normalizeHostName(name));

export function isAllowedAddress(allowed: AllowedDestinations, address: Address): boolean {
  return allowed.ranges.some(([base, prefix]) => base.kind() === address.kind() && address.match(base, prefix));
}
