import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { ApiReferenceNav } from "@/components/docs/api-reference-nav";
import { OperationCard, SchemaEntry } from "@/components/docs/api-reference";
import { openApiDocument } from "@/lib/openapi/document";
import { operationsByTag, schemasUsedBy } from "@/lib/openapi/reference";

/** One page per tag, rendered at build time: the tag's operations and the schemas they use. */
export const dynamicParams = false;

export function generateStaticParams() {
  return operationsByTag(openApiDocument()).map((tag) => ({ tag: tag.slug }));
}

interface Props {
  params: Promise<{ tag: string }>;
}

const findTag = (slug: string) => operationsByTag(openApiDocument()).find((tag) => tag.slug === slug);

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const tag = findTag((await params).tag);
  return { title: tag ? `${tag.name} · API reference` : "API reference" };
}

export default async function ApiReferenceTagPage({ params }: Props) {
  const document = openApiDocument();
  const tags = operationsByTag(document);
  const tag = findTag((await params).tag);
  if (!tag) notFound();
  const schemas = schemasUsedBy(tag.operations, document.components.schemas);
  return (
    <div className="mx-auto flex max-w-7xl gap-10 px-6 py-8">
      <ApiReferenceNav tags={tags} current={tag} />
      <main className="min-w-0 flex-1 space-y-12">
        <section aria-labelledby="operations" className="space-y-4">
          <h1 id="operations" className="border-b pb-2 text-2xl font-semibold tracking-tight">
            {tag.name}
          </h1>
          {tag.operations.map((op) => (
            <OperationCard key={op.operation.operationId} {...op} />
          ))}
        </section>
        <section id="schemas" aria-labelledby="schemas-heading" className="scroll-mt-6 space-y-6">
          <h2 id="schemas-heading" className="border-b pb-2 text-lg font-semibold">
            Schemas used by {tag.name}
          </h2>
          {schemas.map((name) => (
            <SchemaEntry key={name} name={name} />
          ))}
        </section>
      </main>
    </div>
  );
}
