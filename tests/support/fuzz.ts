/**
 * Malformed inputs for black-box fuzzing: values as JSON text (so lone surrogates, `NaN` and numbers beyond a
 * double can be written as a client could send them), query-string values, ids, and a seeded generator so every
 * run sends the same requests.
 */

/** mulberry32: a small seeded generator, so a run's sample of cases is the same every time. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A seed from a name (FNV-1a), so each operation samples its own cases independently of the others. */
export function seedOf(name: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < name.length; i++) hash = Math.imul(hash ^ name.charCodeAt(i), 0x01000193);
  return hash >>> 0;
}

/** `items` in a seeded random order (Fisher–Yates). */
export function shuffled<T>(items: T[], random: () => number): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

export interface MalformedValue {
  label: string;
  /** The value as JSON text, placed as is into a body. */
  json: string;
}

const nestedArrays = (depth: number) => "[".repeat(depth) + "]".repeat(depth);
const nestedObjects = (depth: number) => '{"a":'.repeat(depth) + "1" + "}".repeat(depth);

/** What may stand in any field of a JSON body: every other type, edge strings, edge numbers, deep nesting. */
export const MALFORMED_JSON_VALUES: MalformedValue[] = [
  { label: "a string", json: '"fuzz"' },
  { label: "a number", json: "12345" },
  { label: "true", json: "true" },
  { label: "false", json: "false" },
  { label: "an empty array", json: "[]" },
  { label: "an array of mixed types", json: '[1,"a",null,{},[]]' },
  { label: "an empty object", json: "{}" },
  { label: "an object", json: '{"id":1,"key":"a","value":[1]}' },
  { label: "null", json: "null" },
  { label: "an empty string", json: '""' },
  { label: "100,000 characters", json: JSON.stringify("x".repeat(100_000)) },
  { label: "a NUL", json: '"a\\u0000b"' },
  { label: "a lone high surrogate", json: '"\\ud800"' },
  { label: "a lone low surrogate inside text", json: '"a\\udfffb"' },
  { label: "1e308", json: "1e308" },
  { label: "-1e308", json: "-1e308" },
  { label: "1e400 (beyond a double)", json: "1e400" },
  { label: "-1", json: "-1" },
  { label: "0", json: "0" },
  { label: "1.5", json: "1.5" },
  { label: "2^31", json: "2147483648" },
  { label: "2^63", json: "9223372036854775808" },
  { label: '"NaN"', json: '"NaN"' },
  { label: "a numeric string", json: '"-1"' },
  { label: "a uuid-like string", json: '"00000000-0000-0000-0000-00000000000g"' },
  { label: "a far date", json: '"-99999999999d"' },
  { label: "an impossible date", json: '"2026-02-30T25:61:61+99:99"' },
  { label: "arrays nested 60 deep (within the bound)", json: nestedArrays(60) },
  { label: "objects nested 60 deep (within the bound)", json: nestedObjects(60) },
  { label: "arrays nested 10,000 deep", json: nestedArrays(10_000) },
];

/**
 * What may stand in any query parameter, already percent-encoded where needed. Long and deep values stay under
 * Node's 16 KB header limit: past it Node itself answers 431 before any application code runs.
 */
export const MALFORMED_QUERY_VALUES: { label: string; text: string }[] = [
  { label: "empty", text: "" },
  { label: "a word", text: "fuzz" },
  { label: "-1", text: "-1" },
  { label: "0", text: "0" },
  { label: "1.5", text: "1.5" },
  { label: "1e308", text: "1e308" },
  { label: "NaN", text: "NaN" },
  { label: "Infinity", text: "Infinity" },
  { label: "2^31", text: "2147483648" },
  { label: "2^63", text: "9223372036854775808" },
  { label: "true", text: "true" },
  { label: "null", text: "null" },
  { label: "an empty JSON array", text: "%5B%5D" },
  { label: "a JSON object", text: "%7B%22a%22%3A1%7D" },
  { label: "a JSON array of mixed types", text: "%5B1%2C%22a%22%2Cnull%2C%7B%7D%5D" },
  { label: "truncated JSON", text: "%5B%7B%22id%22%3A" },
  { label: "a NUL", text: "a%00b" },
  { label: "an encoded lone surrogate", text: "%ED%A0%80" },
  { label: "a byte that is not UTF-8", text: "%FF" },
  { label: "8,000 characters", text: "x".repeat(8_000) },
  { label: "arrays nested 3,000 deep", text: nestedArrays(3_000) },
  { label: "a far date", text: "-99999999999d" },
  { label: "a uuid-like string", text: "00000000-0000-0000-0000-00000000000g" },
];

/** Ids no resource has, in every form a path segment could take. */
export const INVALID_IDS = [
  "0",
  "-1",
  "1.5",
  "2147483648",
  "9223372036854775808",
  "abc",
  "00000000-0000-0000-0000-00000000000g",
  "ffffffff-ffff-ffff-ffff-ffffffffffff",
];

/** Bodies no operation can read: not JSON, JSON of the wrong top-level type, nothing, or in the wrong media type. */
export const MALFORMED_BODIES: { label: string; contentType: string; body: string | Uint8Array }[] = [
  { label: "truncated JSON", contentType: "application/json", body: '{"name":' },
  { label: "NaN, not JSON", contentType: "application/json", body: '{"name":NaN}' },
  { label: "bytes that are not UTF-8", contentType: "application/json", body: new Uint8Array([0xff, 0xfe, 0x7b, 0x00, 0xc3]) },
  { label: "a JSON array", contentType: "application/json", body: "[]" },
  { label: "a JSON object", contentType: "application/json", body: "{}" },
  { label: "a JSON string", contentType: "application/json", body: '"fuzz"' },
  { label: "a JSON number", contentType: "application/json", body: "1" },
  { label: "JSON null", contentType: "application/json", body: "null" },
  { label: "an empty body", contentType: "application/json", body: "" },
  { label: "text/plain", contentType: "text/plain", body: '{"name":"fuzz"}' },
  { label: "XML", contentType: "application/xml", body: "<name>fuzz</name>" },
  {
    label: "multipart",
    contentType: "multipart/form-data; boundary=x",
    body: '--x\r\nContent-Disposition: form-data; name="name"\r\n\r\nfuzz\r\n--x--\r\n',
  },
  { label: "a form with a malformed escape", contentType: "application/x-www-form-urlencoded", body: "name=%ZZ&level=abc&a[b]=1" },
  { label: "JSON declared UTF-16", contentType: "application/json; charset=utf-16", body: '{"name":"fuzz"}' },
];

type JsonSchema = Record<string, any>;

/** The schema a `$ref` into `components/schemas` names, or the schema itself. */
export function resolveSchema(schema: JsonSchema, components: Record<string, JsonSchema>): JsonSchema {
  const ref: unknown = schema.$ref;
  return typeof ref === "string" ? resolveSchema(components[ref.split("/").pop()!], components) : schema;
}

/**
 * A small valid instance of a schema (required fields only), to spoil one field at a time: the other fields
 * then pass, and the spoilt value reaches as far into the server as it can. `unique` numbers emails and domains.
 */
export function exampleOf(schema: JsonSchema, components: Record<string, JsonSchema>, unique: () => number): unknown {
  const s = resolveSchema(schema, components);
  if (s.const !== undefined) return s.const;
  if (Array.isArray(s.enum)) return s.enum[0];
  const variants: JsonSchema[] | undefined = s.anyOf ?? s.oneOf;
  if (variants) return exampleOf(variants.find((v) => v.type !== "null") ?? variants[0], components, unique);
  const type = Array.isArray(s.type) ? s.type.find((t: string) => t !== "null") : s.type;
  switch (type) {
    case "object":
      return Object.fromEntries(((s.required ?? []) as string[]).map((name) => [name, exampleOf(s.properties[name], components, unique)]));
    case "array":
      return Array.from({ length: s.minItems ?? 0 }, () => exampleOf(s.items ?? {}, components, unique));
    case "string":
      return exampleString(s, unique());
    case "integer":
    case "number":
      return s.minimum ?? (s.exclusiveMinimum !== undefined ? s.exclusiveMinimum + 1 : 1);
    case "boolean":
      return false;
    default:
      return null;
  }
}

function exampleString(s: JsonSchema, n: number): string {
  if (s.format === "email") return `fuzz-${n}@example.com`;
  if (s.format === "uuid") return "00000000-0000-4000-8000-000000000000";
  if (s.format === "date-time") return "2026-01-01T00:00:00Z";
  const candidates = ["fuzz", `fuzz-${n}.example.com`, "1"];
  const text = s.pattern ? (candidates.find((c) => new RegExp(s.pattern).test(c)) ?? "fuzz") : "fuzz";
  return text.padEnd(s.minLength ?? 0, "z");
}
