import { timingSafeEqual } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import type { RawInsertFormat, Session } from "chdb";
import { withSettings } from "./chdb";
import { MAX_RESULT_BYTES } from "./limits";

/**
 * The part of ClickHouse's HTTP interface that @clickhouse/client (./clickhouse.ts) speaks, served from one chDB
 * session: so several server processes share the embedded event store, which chDB lets only one process open.
 * A SELECT is the request body (its trailing FORMAT clause picks the output, which chDB writes itself), `param_*`
 * URL parameters are its bound parameters and the other URL parameters its settings; an insert is
 * `?query=INSERT INTO t FORMAT JSONEachRow` with the rows as the body; errors are ClickHouse's (HTTP status,
 * `Code: N. DB::Exception: …` body, X-ClickHouse-Exception-Code), so the client parses them as a server's.
 */
export interface BridgeOptions {
  host: string;
  /** 0 picks a free port. */
  port: number;
  user: string;
  password: string;
  /** Largest result answered (the engine's max_result_rows cuts rows; this bounds the bytes). */
  maxResultBytes?: number;
  /** Largest request body (an insert's rows) read. */
  maxBodyBytes?: number;
}

export interface Bridge {
  /** `http://user:password@host:port/default`: a CLICKHOUSE_URL for the server processes. */
  url: string;
  close(): Promise<void>;
}

/** The user the server processes sign in as (the password is the secret npm start generates). */
export const EVENT_STORE_USER = "hedgerow";

/** URL parameters that are the protocol's own, not settings of the query. */
const PROTOCOL_PARAMS = new Set(["query", "query_id", "database", "default_format", "user", "password", "enable_http_compression"]);
/** chDB writes an insert synchronously and fsyncs its part, which is what wait_for_async_insert promises. */
const ASYNC_INSERT_SETTINGS = new Set(["async_insert", "wait_for_async_insert"]);
/** chDB's one database; the URL's database must name it. */
const DATABASE = "default";
/** A request's longest URI, as a ClickHouse server's default `http_max_uri_size`. */
const MAX_URI_BYTES = 1024 * 1024;
const INSERT = /^\s*INSERT\s+INTO\s+([\w.`"]+)\s*(?:\(([^)]*)\))?\s*FORMAT\s+(\w+)\s*$/i;
const TRAILING_FORMAT = /\s+FORMAT\s+(\w+)\s*;?\s*$/i;

class BridgeError extends Error {
  constructor(
    readonly code: number,
    readonly type: string,
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

export function serveChdbOverHttp(session: Session, options: BridgeOptions): Promise<Bridge> {
  const maxResultBytes = options.maxResultBytes ?? MAX_RESULT_BYTES;
  const maxBodyBytes = options.maxBodyBytes ?? 512 * 1024 * 1024;
  const expected = Buffer.from(`${options.user}:${options.password}`);
  const authorized = (request: http.IncomingMessage) => {
    const header = request.headers.authorization ?? "";
    const given = Buffer.from(header.startsWith("Basic ") ? Buffer.from(header.slice(6), "base64").toString() : "");
    return given.length === expected.length && timingSafeEqual(given, expected);
  };

  const handle = async (request: http.IncomingMessage, response: http.ServerResponse) => {
    const url = new URL(request.url ?? "/", "http://bridge");
    if (url.pathname === "/ping") return void response.end("Ok.\n");
    if (!authorized(request))
      throw new BridgeError(
        516,
        "AUTHENTICATION_FAILED",
        "default: Authentication failed: password is incorrect, or there is no user with such name",
        403,
      );
    const database = url.searchParams.get("database");
    if (database && database !== DATABASE) throw new BridgeError(81, "UNKNOWN_DATABASE", `Database ${database} does not exist`, 404);
    const params: Record<string, string> = {};
    const settings: Record<string, string> = {};
    for (const [name, value] of url.searchParams) {
      if (name.startsWith("param_")) params[name.slice(6)] = value;
      else if (!PROTOCOL_PARAMS.has(name)) settings[name] = value;
    }
    const body = await readBody(request, maxBodyBytes);
    const queryParam = url.searchParams.get("query");
    const insert = queryParam ? INSERT.exec(queryParam) : null;
    if (insert) {
      const insertSettings = Object.fromEntries(Object.entries(settings).filter(([name]) => !ASYNC_INSERT_SETTINGS.has(name)));
      const columns = insert[2]?.split(",").map((column) => column.trim());
      await session.insert({ table: insert[1], columns, values: body, format: insert[3] as RawInsertFormat, settings: insertSettings });
      return void response.writeHead(200, { "X-ClickHouse-Query-Id": url.searchParams.get("query_id") ?? "" }).end();
    }
    const sql = queryParam ? `${queryParam}\n${body}` : body.toString();
    const format = TRAILING_FORMAT.exec(sql)?.[1];
    // A statement with a result format is a query, run within its settings; a command runs as it is.
    const statement = format ? withSettings(sql.replace(TRAILING_FORMAT, ""), settings) : sql;
    const output = { format: format ?? "TabSeparated" };
    const result = Object.keys(params).length
      ? await session.queryBindAsync(statement, boundValues(statement, params), output)
      : await session.queryAsync(statement, output);
    const bytes = result.bytes();
    if (bytes.byteLength > maxResultBytes)
      throw new BridgeError(
        396,
        "TOO_MANY_ROWS_OR_BYTES",
        `Limit for result exceeded, max bytes: ${maxResultBytes}, current bytes: ${bytes.byteLength}`,
        500,
      );
    response.writeHead(200, {
      "Content-Type": "text/plain; charset=UTF-8",
      "X-ClickHouse-Query-Id": url.searchParams.get("query_id") ?? "",
      ...(format ? { "X-ClickHouse-Format": format } : {}),
    });
    response.end(bytes);
  };

  // Bound parameters travel in the URL: a capture flush's duplicate check sends up to 20,000 uuids (~0.9 MB).
  // Node's 16 KB default answered larger groups 431 without a body, so a flush of more than a few requests
  // failed and every request was flushed alone (capture at 2 server processes: ~2,200 events/s instead of
  // ~13,000). ClickHouse's own bound is 1 MiB of URI (http_max_uri_size); headers get room beside it.
  const server = http.createServer({ maxHeaderSize: MAX_URI_BYTES + 64 * 1024 }, (request, response) => {
    handle(request, response).catch((error: unknown) => answerError(response, error));
  });
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, options.host, () => {
      const { port } = server.address() as AddressInfo;
      const credentials = `${encodeURIComponent(options.user)}:${encodeURIComponent(options.password)}`;
      resolve({
        url: `http://${credentials}@${options.host}:${port}/${DATABASE}`,
        close: () => new Promise<void>((done) => server.close(() => done()).closeAllConnections()),
      });
    });
  });
}

const PLACEHOLDER = /\{(\w+):([^}]+)\}/g;

/**
 * `param_*` texts (in ClickHouse's escaped form, as the client sends them) as the values chDB binds: chDB escapes
 * a string itself and writes an array as a literal, so a scalar is unescaped and an array's literal parsed; the
 * engine then reads exactly what the client sent. Types come from the statement's `{name:Type}` placeholders.
 */
function boundValues(sql: string, texts: Record<string, string>): Record<string, unknown> {
  const types = new Map([...sql.matchAll(PLACEHOLDER)].map(([, name, type]) => [name, type.trim()]));
  const values: Record<string, unknown> = {};
  for (const [name, text] of Object.entries(texts)) {
    if (text === "\\N") values[name] = null;
    else if (types.get(name)?.startsWith("Array(")) values[name] = new ArrayLiteral(text).read();
    else if (/^(Tuple|Map)\(/.test(types.get(name) ?? ""))
      throw new BridgeError(
        36,
        "BAD_ARGUMENTS",
        `Query parameter '${name}' of type ${types.get(name)} is not supported by the event-store process`,
        400,
      );
    else values[name] = unescapeText(text);
  }
  return values;
}

const ESCAPES: Record<string, string> = { n: "\n", t: "\t", r: "\r", b: "\b", f: "\f", "0": "\0" };
const unescapeText = (text: string) => text.replace(/\\(.)/gs, (_, char: string) => ESCAPES[char] ?? char);

const QUOTED = /'(?:[^'\\]|\\.)*'/sy;
const BARE = /[^,\]]+/y;

/** An array literal as @clickhouse/client writes one (`['a\'b',NULL,[1,2]]`) read into JS values. */
class ArrayLiteral {
  private at = 0;
  constructor(private readonly text: string) {}

  read(): unknown {
    const value = this.value();
    if (this.at !== this.text.length) this.fail();
    return value;
  }

  private value(): unknown {
    const char = this.text[this.at];
    if (char === "[") {
      this.at++;
      const items: unknown[] = [];
      while (this.text[this.at] !== "]") {
        items.push(this.value());
        if (this.text[this.at] === ",") this.at++;
        else if (this.text[this.at] !== "]") this.fail();
      }
      this.at++;
      return items;
    }
    const token = this.match(char === "'" ? QUOTED : BARE);
    if (char === "'") return unescapeText(token.slice(1, -1));
    if (token === "NULL") return null;
    if (/^-?\d+$/.test(token)) return BigInt(token);
    if (/^(TRUE|FALSE)$/.test(token)) return token === "TRUE";
    if (Number.isNaN(Number(token))) this.fail();
    return Number(token);
  }

  /** The text `pattern` (sticky) matches at the cursor, which moves past it. */
  private match(pattern: RegExp): string {
    pattern.lastIndex = this.at;
    const token = pattern.exec(this.text)?.[0] ?? this.fail();
    this.at += token.length;
    return token;
  }

  private fail(): never {
    throw new BridgeError(457, "BAD_QUERY_PARAMETER", `Cannot parse the array parameter ${this.text.slice(0, 200)}`, 400);
  }
}

async function readBody(request: http.IncomingMessage, limit: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.byteLength;
    if (size > limit) throw new BridgeError(241, "MEMORY_LIMIT_EXCEEDED", `The request body is larger than ${limit} bytes`, 413);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/** An engine error (chDB's carries its ClickHouse code and message) as a ClickHouse server answers it. */
function answerError(response: http.ServerResponse, error: unknown) {
  const bridge = error instanceof BridgeError ? error : null;
  const code = bridge?.code ?? (error as { clickhouseCode?: number }).clickhouseCode ?? 1001;
  const message = (error as Error).message;
  const text = bridge
    ? `Code: ${code}. DB::Exception: ${message}. (${bridge.type})`
    : /^Code: \d+\./.test(message)
      ? message
      : `Code: ${code}. DB::Exception: ${message}. (STD_EXCEPTION)`;
  if (response.headersSent) return void response.destroy();
  response.writeHead(bridge?.status ?? statusOf(code), {
    "Content-Type": "text/plain; charset=UTF-8",
    "X-ClickHouse-Exception-Code": String(code),
  });
  response.end(`${text}\n`);
}

/** The HTTP status a ClickHouse server gives an error code (the common ones; the rest are 500). */
function statusOf(code: number): number {
  if ([60, 81].includes(code)) return 404; // UNKNOWN_TABLE, UNKNOWN_DATABASE
  if ([27, 36, 43, 47, 53, 62, 117, 456, 457].includes(code)) return 400; // bad input, syntax, parameters
  return 500;
}
