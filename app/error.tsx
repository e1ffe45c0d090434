"use client";

import Link from "next/link";
import { StatusPage } from "@/components/status-page";
import { Button } from "@/components/ui/button";

/** A page that failed to render: try again, or go home. */
export default function ErrorPage({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  return (
    <StatusPage
      status="Error"
      title="Something went wrong"
      actions={
        <>
          <Button onClick={reset}>Try again</Button>
          <Button variant="outline" asChild>
            <Link href="/">Go home</Link>
          </Button>
        </>
      }
    >
      This page could not be shown. Try again; if it keeps failing, tell us the reference below.
      {error.digest && <p className="mt-3 font-mono text-xs">Reference: {error.digest}</p>}
    </StatusPage>
  );
}
