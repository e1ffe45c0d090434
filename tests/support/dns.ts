import { mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import dns2 from "dns2";

/** RFC 1035's "name error" response code (dns2's type declarations leave out `Packet.RCODE`). */
const NXDOMAIN = 3;

/** TXT records by name; a record is one string or its list of strings (as a long record is split). */
export type TxtRecords = Record<string, (string | string[])[]>;

export interface StartedDnsServer {
  /** `127.0.0.1:<port>`, for DNS_SERVERS. */
  address: string;
  /** The JSON file of records the server answers from; rewrite it (see `setTxtRecord`) to change answers. */
  recordsFile: string;
  stop: () => Promise<void>;
}

function readRecords(file: string): TxtRecords {
  try {
    return JSON.parse(readFileSync(file, "utf8")) as TxtRecords;
  } catch {
    return {};
  }
}

/**
 * A DNS server on loopback answering TXT queries from a JSON file, read on every query so tests can change
 * what it answers while the app under test keeps running. Unknown names get NXDOMAIN, as on the internet.
 */
export async function startDnsServer(): Promise<StartedDnsServer> {
  const dir = mkdtempSync(path.join(tmpdir(), "hedgerow-dns-"));
  const recordsFile = path.join(dir, "records.json");
  writeFileSync(recordsFile, "{}");
  const { Packet } = dns2;
  const server = dns2.createUDPServer((request, send) => {
    const response = Packet.createResponseFromRequest(request);
    const [question] = request.questions;
    const values = readRecords(recordsFile)[question.name.toLowerCase()];
    if (!values) response.header.rcode = NXDOMAIN;
    else if (question.type === Packet.TYPE.TXT)
      for (const data of values)
        response.answers.push({ name: question.name, type: Packet.TYPE.TXT, class: Packet.CLASS.IN, ttl: 0, data } as dns2.Packet.Resource);
    send(response);
  });
  await server.listen(0, "127.0.0.1");
  const { port } = server.address();
  return {
    address: `127.0.0.1:${port}`,
    recordsFile,
    stop: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Publishes (or, with no values, removes) the TXT records of `name`, replacing the file atomically. */
export function setTxtRecord(recordsFile: string, name: string, values: (string | string[])[]) {
  const records = readRecords(recordsFile);
  if (values.length) records[name.toLowerCase()] = values;
  else delete records[name.toLowerCase()];
  const temporary = `${recordsFile}.${process.pid}.${Date.now()}`;
  writeFileSync(temporary, JSON.stringify(records));
  renameSync(temporary, recordsFile);
}
