import { componentName, resolve } from "./describe";
import type { JsonSchema, OpenApiDocument, OpenApiOperation } from "./schemas";

/** The API reference's model: the document's operations grouped by tag, each tag a page of its own. */

export interface ReferenceOperation {
  method: string;
  path: string;
  operation: OpenApiOperation;
}

export interface ReferenceTag {
  name: string;
  /** The tag's page: `/docs/api/<slug>`. */
  slug: string;
  operations: ReferenceOperation[];
}

/** What the index's search box needs of an operation (sent to the browser, so kept small). */
export interface OperationEntry {
  method: string;
  path: string;
  summary: string;
  tag: string;
  href: string;
}

export const tagSlug = (tag: string) =>
  tag
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");

const tagHref = (tag: string) => `/docs/api/${tagSlug(tag)}`;

export function operationsByTag(document: OpenApiDocument): ReferenceTag[] {
  const byTag = new Map<string, ReferenceOperation[]>(document.tags.map((tag) => [tag.name, []]));
  for (const [path, operations] of Object.entries(document.paths)) {
    // `/api/environments/` twins repeat their project operation word for word; the document's introduction says so.
    if (path.startsWith("/api/environments/")) continue;
    for (const [method, operation] of Object.entries(operations))
      for (const tag of operation.tags) byTag.get(tag)?.push({ method, path, operation });
  }
  return [...byTag.entries()].map(([name, operations]) => ({ name, slug: tagSlug(name), operations }));
}

export const operationEntries = (tags: ReferenceTag[]): OperationEntry[] =>
  tags.flatMap((tag) =>
    tag.operations.map(({ method, path, operation }) => ({
      method,
      path,
      summary: operation.summary,
      tag: tag.name,
      href: `${tagHref(tag.name)}#${operation.operationId}`,
    })),
  );

/** Every whitespace-separated term of the query appears in the operation's method, path or summary. */
export function matchesQuery(entry: OperationEntry, query: string): boolean {
  const haystack = `${entry.method} ${entry.path} ${entry.summary}`.toLowerCase();
  return query
    .toLowerCase()
    .split(/\s+/)
    .every((term) => haystack.includes(term));
}

/** The schemas an operation's parameters, body and responses name. */
function operationSchemas(operation: OpenApiOperation): JsonSchema[] {
  const schemas: JsonSchema[] = (operation.parameters ?? []).map((parameter) => parameter.schema);
  const body = operation.requestBody?.content["application/json"].schema;
  if (body) schemas.push(body);
  for (const [status, response] of Object.entries(operation.responses)) {
    if (!status.startsWith("2")) schemas.push({ $ref: "#/components/schemas/Error" });
    else if ("content" in response && response.content) schemas.push(response.content["application/json"].schema);
  }
  return schemas;
}

/** The component schemas a value refers to, however deeply nested. */
function refsIn(value: unknown, found: Set<string>) {
  if (Array.isArray(value)) for (const item of value) refsIn(item, found);
  else if (value && typeof value === "object") {
    const name = componentName(value as JsonSchema);
    if (name) found.add(name);
    for (const child of Object.values(value)) refsIn(child, found);
  }
}

/** The component schemas the operations use, and those these use in turn, sorted by name. */
export function schemasUsedBy(operations: ReferenceOperation[], components: Record<string, JsonSchema>): string[] {
  const used = new Set<string>();
  const pending = new Set<string>();
  for (const { operation } of operations) refsIn(operationSchemas(operation), pending);
  while (pending.size) {
    const [name] = pending;
    pending.delete(name);
    if (used.has(name) || !(name in components)) continue;
    used.add(name);
    refsIn(components[name], pending);
  }
  return [...used].sort();
}

/** Schemas that requests send, whose fields are marked required rather than optional. */
export function requestSchemas(document: OpenApiDocument): Set<string> {
  const components = document.components.schemas;
  return new Set(
    Object.values(document.paths)
      .flatMap((operations) => Object.values(operations))
      .map((operation) => operation.requestBody?.content["application/json"].schema)
      .map((schema) => schema && componentName(resolve(schema, components).items ?? schema))
      .filter((name): name is string => Boolean(name)),
  );
}
