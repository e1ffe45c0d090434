import type { JsonSchema } from "./schemas";

/** A piece of a type as a reader sees it: plain text, or the name of a component schema to link to. */
export type TypePart = { text: string; schema?: string };

export interface FieldRow {
  /** Dotted from the top (`team.name`, `results[].id`). */
  path: string;
  depth: number;
  type: TypePart[];
  required: boolean;
  notes: string[];
  description?: string;
}

const COMPONENT_PREFIX = "#/components/schemas/";

export const componentName = (schema: JsonSchema): string | null =>
  typeof schema.$ref === "string" && schema.$ref.startsWith(COMPONENT_PREFIX) ? schema.$ref.slice(COMPONENT_PREFIX.length) : null;

/** A `$ref` to a component, followed (once: named schemas nested deeper stay links). */
export function resolve(schema: JsonSchema, components: Record<string, JsonSchema>): JsonSchema {
  const name = componentName(schema);
  return name ? (components[name] ?? {}) : schema;
}

const join = (parts: TypePart[][]): TypePart[] => parts.flatMap((p, i) => (i ? [{ text: " | " }, ...p] : p));

/** `string (uuid)`, `integer`, `1 | 8 | 15`, `array of Organization`, `Organization | null`… */
export function typeOf(schema: JsonSchema): TypePart[] {
  const name = componentName(schema);
  if (name) return [{ text: name, schema: name }];
  if (schema.anyOf ?? schema.oneOf) return join((schema.anyOf ?? schema.oneOf).map(typeOf));
  if (schema.const !== undefined) return [{ text: JSON.stringify(schema.const) }];
  if (Array.isArray(schema.enum)) return [{ text: schema.enum.map((v: unknown) => JSON.stringify(v)).join(" | ") }];
  if (Array.isArray(schema.type)) return join(schema.type.map((type: string) => typeOf({ ...schema, type })));
  switch (schema.type) {
    case "array":
      return [{ text: "array of " }, ...(schema.items ? typeOf(schema.items) : [{ text: "any" }])];
    case "object":
      return [{ text: schema.properties ? "object" : "object (free-form)" }];
    case "string":
      return [{ text: schema.format ? `string (${schema.format})` : "string" }];
    case undefined:
      return [{ text: "any" }];
    default:
      return [{ text: String(schema.type) }];
  }
}

function notesOf(schema: JsonSchema): string[] {
  const notes: string[] = [];
  if (schema.minLength !== undefined && schema.minLength > 1) notes.push(`at least ${schema.minLength} characters`);
  if (schema.minLength === 1) notes.push("not blank");
  if (schema.maxLength !== undefined) notes.push(`at most ${schema.maxLength} characters`);
  if (schema.minItems !== undefined) notes.push(`at least ${schema.minItems} items`);
  if (schema.maxItems !== undefined) notes.push(`at most ${schema.maxItems} items`);
  if (schema.minimum !== undefined) notes.push(`≥ ${schema.minimum}`);
  if (schema.maximum !== undefined) notes.push(`≤ ${schema.maximum}`);
  if (schema.default !== undefined) notes.push(`default ${JSON.stringify(schema.default)}`);
  return notes;
}

/** The object a field holds when it is an inline object (or a list or nullable of one), to list its own fields. */
function inlineObject(schema: JsonSchema): { schema: JsonSchema; suffix: string } | null {
  if (schema.type === "object" && schema.properties) return { schema, suffix: "" };
  if (schema.type === "array" && schema.items) {
    const inner = inlineObject(schema.items);
    return inner && { schema: inner.schema, suffix: `[]${inner.suffix}` };
  }
  const variants: JsonSchema[] = (schema.anyOf ?? schema.oneOf ?? []).filter((v: JsonSchema) => v.type !== "null");
  return variants.length === 1 ? inlineObject(variants[0]) : null;
}

/** Rows for an object's fields, nested inline objects indented below their field. */
export function fieldsOf(schema: JsonSchema, components: Record<string, JsonSchema>, prefix = "", depth = 0): FieldRow[] {
  const object = resolve(schema, components);
  const required = new Set<string>(object.required ?? []);
  const rows: FieldRow[] = [];
  for (const [name, property] of Object.entries((object.properties ?? {}) as Record<string, JsonSchema>)) {
    const path = `${prefix}${name}`;
    rows.push({
      path,
      depth,
      type: typeOf(property),
      required: required.has(name),
      notes: notesOf(property),
      description: property.description,
    });
    const inline = inlineObject(property);
    if (inline) rows.push(...fieldsOf(inline.schema, components, `${path}${inline.suffix}.`, depth + 1));
  }
  return rows;
}
