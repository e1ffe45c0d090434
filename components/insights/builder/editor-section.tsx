import type { ReactNode } from "react";

/** A titled block of the builder's left column. */
export function EditorSection({ title, children, actions }: { title: string; children: ReactNode; actions?: ReactNode }) {
  return (
    <section className="grid gap-2" aria-label={title}>
      <div className="flex items-center justify-between">
        <h2 className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">{title}</h2>
        {actions}
      </div>
      {children}
    </section>
  );
}
