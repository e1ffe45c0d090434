import type { ReactNode } from "react";
import { FormAlert } from "@/components/ui/field";
import { PageHeader } from "@/components/page-header";
import { Skeleton } from "@/components/ui/skeleton";
import { ApiRequestError, errorMessage } from "@/lib/ui/api-client";

/** A detail page while its record loads: skeletons in the shape of the page to come. */
export function DetailPageLoading({ label, blocks = ["h-9 w-64", "h-64 w-full"] }: { label: string; blocks?: string[] }) {
  return (
    <div className="grid gap-4" role="status" aria-busy="true" aria-label={label}>
      {blocks.map((className) => (
        <Skeleton key={className} className={className} />
      ))}
    </div>
  );
}

/**
 * A detail page whose record could not be read: a missing one says so in a heading (it may have been deleted),
 * any other failure shows the API's reason; the way back stays in reach either way.
 */
export function DetailPageError({
  error,
  notFound,
  back,
}: {
  error: Error;
  notFound: { title: string; description: string };
  back: ReactNode;
}) {
  return (
    <div className="grid gap-4">
      {back}
      {error instanceof ApiRequestError && error.status === 404 ? (
        <PageHeader title={notFound.title} description={notFound.description} />
      ) : (
        <FormAlert>{errorMessage(error)}</FormAlert>
      )}
    </div>
  );
}
