"use client";

import "./globals.css";
import ErrorPage from "./error";

/** When the root layout itself fails: the same page, with the document around it that the layout would give. */
export default function GlobalError(props: { error: Error & { digest?: string }; reset: () => void }) {
  return (
    <html lang="en">
      <body>
        <ErrorPage {...props} />
      </body>
    </html>
  );
}
