import type { Metadata } from "next";
import Link from "next/link";
import { ApiReferenceNav } from "@/components/docs/api-reference-nav";
import { MethodBadge, Prose } from "@/components/docs/api-reference";
import { ApiSearch } from "@/components/docs/api-search";
import { openApiDocument } from "@/lib/openapi/document";
import { operationEntries, operationsByTag } from "@/lib/openapi/reference";

export const metadata: Metadata = { title: "API reference" };

export default function ApiReferenceIndexPage() {
  const document = openApiDocument();
  const tags = operationsByTag(document);
  return (
    <div className="mx-auto flex max-w-7xl gap-10 px-6 py-8">
      <ApiReferenceNav tags={tags} />
      <main className="min-w-0 flex-1 space-y-10">
        <header className="space-y-3">
          <h1 className="text-2xl font-semibold tracking-tight">{document.info.title}</h1>
          {document.info.description?.split("\n\n").map((paragraph, i) => (
            <p key={i} className="max-w-3xl text-sm text-muted-foreground">
              <Prose text={paragraph} />
            </p>
          ))}
          <p className="text-sm">
            Machine-readable:{" "}
            <a href="/api/schema/" className="font-mono text-primary underline underline-offset-2">
              /api/schema/
            </a>{" "}
            (OpenAPI {document.openapi}).
          </p>
        </header>

        <ApiSearch operations={operationEntries(tags)} />

        <div className="grid gap-6 md:grid-cols-2">
          {tags.map((tag) => (
            <section key={tag.slug} aria-labelledby={`tag-${tag.slug}`} className="space-y-2 rounded-lg border bg-card p-4">
              <h2 id={`tag-${tag.slug}`} className="font-semibold">
                <Link href={`/docs/api/${tag.slug}`} className="underline underline-offset-2">
                  {tag.name}
                </Link>
              </h2>
              <ul className="space-y-1">
                {tag.operations.map(({ method, path, operation }) => (
                  <li key={operation.operationId}>
                    <Link
                      href={`/docs/api/${tag.slug}#${operation.operationId}`}
                      className="flex items-baseline gap-2 text-sm hover:underline"
                    >
                      <MethodBadge method={method} />
                      <span className="min-w-0 truncate font-mono text-xs" title={operation.summary}>
                        {path}
                      </span>
                    </Link>
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </div>
      </main>
    </div>
  );
}
