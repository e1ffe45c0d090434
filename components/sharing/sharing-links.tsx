"use client";

import { ExternalLinkIcon, RotateCcwIcon } from "lucide-react";
import { CopyField } from "@/components/copy-button";
import { Button } from "@/components/ui/button";

const attribute = (text: string) => text.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/** The `<iframe>` another site pastes to embed it: `/embedded/<token>`, the shared view without its title. */
export function embedSnippet(origin: string, accessToken: string, title: string): string {
  const src = `${origin}/embedded/${encodeURIComponent(accessToken)}`;
  return `<iframe src="${attribute(src)}" title="${attribute(title)}" width="100%" height="600" frameborder="0" allowfullscreen></iframe>`;
}

/** An enabled share's public link (to copy, open or reset) and the code that embeds it in another page. */
export function SharingLinks({
  accessToken,
  title,
  canReset,
  onReset,
}: {
  accessToken: string;
  title: string;
  canReset: boolean;
  onReset: () => void;
}) {
  const link = `${window.location.origin}/shared/${accessToken}`;
  return (
    <>
      <div className="grid gap-2">
        <CopyField value={link} label="Copy public link" />
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" size="sm" asChild>
            <a href={link} target="_blank" rel="noreferrer">
              <ExternalLinkIcon /> Open
            </a>
          </Button>
          <Button variant="ghost" size="sm" disabled={!canReset} onClick={onReset}>
            <RotateCcwIcon /> Reset link
          </Button>
        </div>
      </div>
      <section className="grid gap-2" aria-label="Embed">
        <h3 className="text-sm font-medium">Embed</h3>
        <p className="text-sm text-muted-foreground">Paste this into a page of your site: it shows without the title.</p>
        <CopyField value={embedSnippet(window.location.origin, accessToken, title)} label="Copy embed code" />
      </section>
    </>
  );
}
