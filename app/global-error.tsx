"use client";

import "./globals.css";

/**
 * When the root layout itself fails: the error page with the document around it that the layout would give. Every
 * route's first load carries this boundary, so it is drawn with plain elements rather than the app's components.
 */
export default function GlobalError({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  return (
    <html lang="en">
      <body>
        <main className="flex min-h-svh flex-col items-center justify-center gap-4 p-6 text-center">
          <p className="font-mono text-5xl font-semibold tracking-tight text-primary">Error</p>
          <h1 className="text-xl font-semibold">Something went wrong</h1>
          <p className="max-w-md text-sm text-muted-foreground">
            This page could not be shown. Try again; if it keeps failing, tell us the reference below.
          </p>
          {error.digest && <p className="font-mono text-xs text-muted-foreground">Reference: {error.digest}</p>}
          <div className="flex gap-2 pt-2">
            <button
              type="button"
              onClick={reset}
              className="h-9 rounded-md bg-primary px-4 text-sm font-medium text-primary-foreground hover:bg-primary/90"
            >
              Try again
            </button>
            {/* A full load: the app's router may be what failed. */}
            <a href="/" className="inline-flex h-9 items-center rounded-md border px-4 text-sm font-medium hover:bg-accent">
              Go home
            </a>
          </div>
        </main>
      </body>
    </html>
  );
}
