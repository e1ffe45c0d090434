import { Fragment, type ReactNode } from "react";
import { fieldsOf, resolve, typeOf, type FieldRow, type TypePart } from "@/lib/openapi/describe";
import { openApiDocument } from "@/lib/openapi/document";
import { requestSchemas, type ReferenceOperation } from "@/lib/openapi/reference";
import type { JsonSchema, OpenApiOperation, OpenApiParameter } from "@/lib/openapi/schemas";

/** The API reference's pieces (server components): operations with their parameters, bodies and responses, and schemas. */

const document = openApiDocument();
const components = document.components.schemas;
const sentByRequests = requestSchemas(document);

const METHOD_STYLES: Record<string, string> = {
  get: "bg-sky-100 text-sky-800 dark:bg-sky-950 dark:text-sky-300",
  post: "bg-emerald-100 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-300",
  put: "bg-violet-100 text-violet-800 dark:bg-violet-950 dark:text-violet-300",
  patch: "bg-amber-100 text-amber-800 dark:bg-amber-950 dark:text-amber-300",
  delete: "bg-red-100 text-red-800 dark:bg-red-950 dark:text-red-300",
};

/** Inline `code` in the document's prose. */
export function Prose({ text }: { text: string }) {
  return (
    <>
      {text.split(/(`[^`]+`)/).map((part, i) =>
        part.startsWith("`") && part.endsWith("`") ? (
          <code key={i} className="rounded bg-muted px-1 py-0.5 font-mono text-[0.85em]">
            {part.slice(1, -1)}
          </code>
        ) : (
          <Fragment key={i}>{part}</Fragment>
        ),
      )}
    </>
  );
}

function Type({ parts }: { parts: TypePart[] }) {
  return (
    <span className="font-mono text-xs">
      {parts.map((part, i) =>
        part.schema ? (
          <a key={i} href={`#schema-${part.schema}`} className="text-primary underline underline-offset-2">
            {part.text}
          </a>
        ) : (
          <Fragment key={i}>{part.text}</Fragment>
        ),
      )}
    </span>
  );
}

function Table({ head, children }: { head: string[]; children: ReactNode }) {
  return (
    <div className="overflow-x-auto rounded-md border">
      <table className="w-full text-left text-sm">
        <thead className="bg-muted/60 text-xs text-muted-foreground">
          <tr>
            {head.map((h) => (
              <th key={h} className="px-3 py-1.5 font-medium">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y">{children}</tbody>
      </table>
    </div>
  );
}

function FieldRows({ rows, request, depth }: { rows: FieldRow[]; request: boolean; depth: number }) {
  return (
    <Table head={["Field", "Type", "Notes"]}>
      {nested(rows, depth).map(({ row, children }) => (
        <Fragment key={row.path}>
          <tr className="align-top">
            <td className="px-3 py-1.5 font-mono text-xs whitespace-nowrap">
              {row.path.split(".").at(-1)}
              {request && row.required && <span className="ml-1.5 font-sans text-[0.7rem] text-destructive">required</span>}
              {!request && !row.required && <span className="ml-1.5 font-sans text-[0.7rem] text-muted-foreground">optional</span>}
            </td>
            <td className="px-3 py-1.5">
              <Type parts={row.type} />
            </td>
            <td className="px-3 py-1.5 text-xs text-muted-foreground">
              {[...(row.description ? [row.description] : []), ...row.notes].map((note, i) => (
                <span key={i} className="mr-2 inline-block">
                  <Prose text={note} />
                </span>
              ))}
            </td>
          </tr>
          {children.length > 0 && (
            <tr>
              <td colSpan={3} className="px-3 py-1.5">
                <details className="group">
                  <summary className="cursor-pointer text-xs text-muted-foreground hover:text-foreground">
                    Fields of <code className="font-mono">{row.path.split(".").at(-1)}</code> (
                    {children.filter((child) => child.depth === depth + 1).length})
                  </summary>
                  <div className="mt-2">
                    <FieldRows rows={children} request={request} depth={depth + 1} />
                  </div>
                </details>
              </td>
            </tr>
          )}
        </Fragment>
      ))}
    </Table>
  );
}

/** The rows of one level, each with the rows nested below it (its inline object's fields). */
function nested(rows: FieldRow[], depth: number): { row: FieldRow; children: FieldRow[] }[] {
  const levels: { row: FieldRow; children: FieldRow[] }[] = [];
  for (const row of rows) {
    if (row.depth === depth) levels.push({ row, children: [] });
    else levels.at(-1)?.children.push(row);
  }
  return levels;
}

/** The fields of a body: its own, or its items' when it is a list; nested objects' fields fold under their field. */
function Fields({ schema, request, withType = true }: { schema: JsonSchema; request: boolean; withType?: boolean }) {
  const resolved = resolve(schema, components);
  const rows = fieldsOf(resolved.type === "array" && resolved.items ? resolved.items : schema, components);
  return (
    <div className="space-y-2">
      {withType && (
        <p className="text-sm text-muted-foreground">
          <Type parts={typeOf(schema)} />
        </p>
      )}
      {rows.length > 0 && <FieldRows rows={rows} request={request} depth={0} />}
    </div>
  );
}

function Parameters({ parameters }: { parameters: OpenApiParameter[] }) {
  return (
    <Table head={["Parameter", "In", "Type", "Notes"]}>
      {parameters.map((p) => (
        <tr key={`${p.in}-${p.name}`} className="align-top">
          <td className="px-3 py-1.5 font-mono text-xs">
            {p.name}
            {p.required && p.in === "query" && <span className="ml-1.5 font-sans text-[0.7rem] text-destructive">required</span>}
          </td>
          <td className="px-3 py-1.5 text-xs text-muted-foreground">{p.in}</td>
          <td className="px-3 py-1.5">
            <Type parts={typeOf(p.schema)} />
          </td>
          <td className="px-3 py-1.5 text-xs text-muted-foreground">{p.description && <Prose text={p.description} />}</td>
        </tr>
      ))}
    </Table>
  );
}

function Access({ operation }: { operation: OpenApiOperation }) {
  const scope = operation["x-required-scope"];
  const [label, style] =
    operation.security.length === 0
      ? ["public", "bg-secondary text-secondary-foreground"]
      : scope === null
        ? ["session only", "bg-secondary text-secondary-foreground"]
        : scope === "any"
          ? ["any API key", "bg-secondary text-secondary-foreground"]
          : [scope, "bg-primary/10 text-primary"];
  return <span className={`rounded px-1.5 py-0.5 font-mono text-xs ${style}`}>{label}</span>;
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="space-y-2">
      <h4 className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">{title}</h4>
      {children}
    </div>
  );
}

export function OperationCard({ method, path, operation }: ReferenceOperation) {
  const body = operation.requestBody?.content["application/json"].schema;
  const responses = Object.entries(operation.responses);
  const success = responses.filter(([status]) => status.startsWith("2"));
  const errors = responses.filter(([status]) => !status.startsWith("2")).map(([status]) => status);
  const access = operation.description.split("\n\n").at(-1)!;
  return (
    <article id={operation.operationId} className="scroll-mt-6 space-y-4 rounded-lg border bg-card p-5">
      <header className="space-y-2">
        <div className="flex flex-wrap items-center gap-2">
          <MethodBadge method={method} />
          <code className="font-mono text-sm font-medium break-all">{path}</code>
          <span className="ml-auto">
            <Access operation={operation} />
          </span>
        </div>
        <p className="text-sm">
          <Prose text={operation.summary} />
        </p>
        <p className="text-xs text-muted-foreground">
          <Prose text={access} />
        </p>
      </header>
      {operation.parameters && (
        <Section title="Parameters">
          <Parameters parameters={operation.parameters} />
        </Section>
      )}
      {body && (
        <Section title="Request body (JSON)">
          <Fields schema={body} request />
        </Section>
      )}
      {success.map(([status, response]) => {
        const schema = "content" in response ? response.content?.["application/json"].schema : undefined;
        return (
          <Section key={status} title={`Response ${status}`}>
            {schema ? <Fields schema={schema} request={false} /> : <p className="text-sm text-muted-foreground">No content.</p>}
          </Section>
        );
      })}
      {errors.length > 0 && (
        <p className="text-xs text-muted-foreground">
          Errors: {errors.join(", ")}, as{" "}
          <a href="#schema-Error" className="text-primary underline underline-offset-2">
            Error
          </a>
          .
        </p>
      )}
    </article>
  );
}

export function MethodBadge({ method }: { method: string }) {
  return <span className={`rounded px-2 py-0.5 font-mono text-xs font-semibold uppercase ${METHOD_STYLES[method] ?? ""}`}>{method}</span>;
}

export function SchemaEntry({ name }: { name: string }) {
  const ref = { $ref: `#/components/schemas/${name}` };
  const schema = resolve(ref, components);
  return (
    <div id={`schema-${name}`} className="scroll-mt-6 space-y-2">
      <h3 className="font-mono text-sm font-semibold">{name}</h3>
      {schema.description && (
        <p className="text-sm text-muted-foreground">
          <Prose text={schema.description} />
        </p>
      )}
      {schema.properties ? (
        <Fields schema={ref} request={sentByRequests.has(name)} withType={false} />
      ) : (
        <p className="text-sm">
          <Type parts={typeOf(schema)} />
        </p>
      )}
    </div>
  );
}
