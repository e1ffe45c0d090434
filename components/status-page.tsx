import type { ReactNode } from "react";
import { Logo } from "@/components/logo";

/**
 * A page that stands for one that could not be shown (not found, failed): the status in the brand's colour, what
 * happened, and the ways out. `framed` when inside the app's shell, which shows the logo already.
 */
export function StatusPage({
  status,
  title,
  children,
  actions,
  framed = false,
}: {
  status: string;
  title: string;
  children: ReactNode;
  actions: ReactNode;
  framed?: boolean;
}) {
  const Root = framed ? "div" : "main";
  return (
    <Root
      className={
        framed
          ? "flex flex-1 items-center justify-center py-16"
          : "flex min-h-svh flex-col items-center justify-center gap-10 bg-muted/40 p-6"
      }
    >
      {!framed && <Logo className="text-lg" />}
      <div className="w-full max-w-md space-y-4 rounded-xl border bg-card p-8 text-center shadow-sm">
        <p className="font-mono text-5xl font-semibold tracking-tight text-primary">{status}</p>
        <h1 className="text-xl font-semibold">{title}</h1>
        <div className="text-sm text-muted-foreground">{children}</div>
        <div className="flex flex-wrap justify-center gap-2 pt-2">{actions}</div>
      </div>
    </Root>
  );
}
