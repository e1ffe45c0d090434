import Link from "next/link";
import { Logo } from "@/components/logo";
import type { ReferenceTag } from "@/lib/openapi/reference";

/** Paths in the sidebar, without the prefix most of them share. */
const shortPath = (path: string) => path.replace(/^\/api\/(organizations|projects)\/\{[a-zA-Z]+\}\/(?=.)/, "…/").replace(/^\/api/, "");

/** The reference's sidebar: every tag's page, and the operations of the page shown. */
export function ApiReferenceNav({ tags, current }: { tags: ReferenceTag[]; current?: ReferenceTag }) {
  return (
    <nav
      className="sticky top-8 hidden max-h-[calc(100vh-4rem)] w-60 shrink-0 space-y-4 overflow-y-auto text-sm lg:block"
      aria-label="API reference"
    >
      <Link href="/" className="mb-6 block">
        <Logo />
      </Link>
      <Link href="/docs/api" aria-current={current ? undefined : "page"} className="block font-medium hover:underline">
        Overview
      </Link>
      <ul className="space-y-1">
        {tags.map((tag) => (
          <li key={tag.slug}>
            <Link
              href={`/docs/api/${tag.slug}`}
              aria-current={tag.slug === current?.slug ? "page" : undefined}
              className="flex justify-between gap-2 rounded px-1 py-0.5 hover:underline aria-[current=page]:bg-muted aria-[current=page]:font-medium"
            >
              <span>{tag.name}</span>
              <span className="text-xs text-muted-foreground">{tag.operations.length}</span>
            </Link>
            {tag.slug === current?.slug && (
              <ul className="mt-1 space-y-0.5 border-l pl-3">
                {tag.operations.map(({ method, path, operation }) => (
                  <li key={operation.operationId}>
                    <a href={`#${operation.operationId}`} className="flex gap-2 text-muted-foreground hover:text-foreground">
                      <span className="w-12 shrink-0 font-mono text-[0.7rem] uppercase">{method}</span>
                      <span className="truncate font-mono text-xs" title={path}>
                        {shortPath(path)}
                      </span>
                    </a>
                  </li>
                ))}
                <li>
                  <a href="#schemas" className="text-muted-foreground hover:text-foreground">
                    Schemas
                  </a>
                </li>
              </ul>
            )}
          </li>
        ))}
      </ul>
    </nav>
  );
}
