"use client";

import { CheckIcon, CopyIcon } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { toast } from "@/lib/ui/toast";
import { cn } from "@/lib/ui/utils";

export function CopyButton({ value, label = "Copy", className }: { value: string; label?: string; className?: string }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
      setTimeout(() => setCopied(false), 1500);
    } catch {
      toast.error("Couldn't copy: your browser blocked clipboard access. Select the text and copy it instead.");
    }
  };
  return (
    <Button
      type="button"
      variant="outline"
      size="icon-sm"
      onClick={copy}
      aria-label={label}
      title={label}
      className={cn("shrink-0", className)}
    >
      {copied ? <CheckIcon className="text-primary" /> : <CopyIcon />}
    </Button>
  );
}

/** A value people copy as a whole: a token, a link, a key. Long ones wrap anywhere, so all of it stays readable. */
export function CopyField({ value, label }: { value: string; label: string }) {
  return (
    <div className="flex items-center gap-2">
      <code className="min-w-0 flex-1 rounded-md border bg-muted px-3 py-2 font-mono text-sm break-all">{value}</code>
      <CopyButton value={value} label={label} />
    </div>
  );
}

export function CodeBlock({ code, label }: { code: string; label: string }) {
  return (
    <div className="relative">
      <pre className="overflow-x-auto rounded-md border bg-muted p-4 pr-14 font-mono text-xs leading-relaxed">
        <code>{code}</code>
      </pre>
      <CopyButton value={code} label={label} className="absolute top-2 right-2 bg-background" />
    </div>
  );
}
