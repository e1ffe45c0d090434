"use client";

import { isServer, QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { ThemeProvider } from "next-themes";
import { lazy, type ReactNode, Suspense, useEffect, useState } from "react";
import { ApiRequestError } from "@/lib/ui/api-client";
import { writeEffectsCache } from "@/lib/ui/write-effects";

// Toasts answer actions, never the first paint: sonner loads after hydration (see lib/ui/toast). React's lazy rather
// than next/dynamic, whose server-rendering runtime would otherwise join every page's first load.
const Toaster = lazy(() => import("@/components/ui/toaster").then((m) => ({ default: m.Toaster })));

function ToasterAfterHydration() {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated ? (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  ) : null;
}

function makeQueryClient() {
  return new QueryClient({
    mutationCache: writeEffectsCache(),
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        // A 4xx answer will not change on retry; network failures and 5xx may.
        retry: (failures, error) => !(error instanceof ApiRequestError && error.status < 500) && failures < 2,
      },
    },
  });
}

let browserQueryClient: QueryClient | undefined;

/** One client per server render, one for the life of the browser tab. */
function getQueryClient() {
  if (isServer) return makeQueryClient();
  browserQueryClient ??= makeQueryClient();
  return browserQueryClient;
}

/** `nonce`: the page's CSP nonce, for next-themes' inline script. */
export function Providers({ children, nonce }: { children: ReactNode; nonce?: string }) {
  const queryClient = getQueryClient();
  return (
    <ThemeProvider attribute="class" defaultTheme="system" enableSystem disableTransitionOnChange nonce={nonce}>
      <QueryClientProvider client={queryClient}>
        {children}
        <ToasterAfterHydration />
      </QueryClientProvider>
    </ThemeProvider>
  );
}
