import type { Metadata } from "next";
import { headers } from "next/headers";
import type { ReactNode } from "react";
import { Providers } from "@/components/providers";
import "./globals.css";

export const metadata: Metadata = {
  title: { default: "Hedgerow", template: "%s · Hedgerow" },
  description: "Product analytics and organization admin",
};

export default async function RootLayout({ children }: { children: ReactNode }) {
  // The CSP's nonce (proxy.ts), for the one inline script Next.js does not render itself: the theme's.
  const nonce = (await headers()).get("x-nonce") ?? undefined;
  return (
    <html lang="en" suppressHydrationWarning>
      <body>
        <Providers nonce={nonce}>{children}</Providers>
      </body>
    </html>
  );
}
