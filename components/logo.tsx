import { SproutIcon } from "lucide-react";
import { cn } from "@/lib/ui/utils";

export function Logo({ className, withName = true }: { className?: string; withName?: boolean }) {
  return (
    <span className={cn("inline-flex items-center gap-2 font-semibold tracking-tight", className)}>
      <span className="flex size-7 items-center justify-center rounded-md bg-primary text-primary-foreground">
        <SproutIcon className="size-4" />
      </span>
      {withName && <span>Hedgerow</span>}
    </span>
  );
}
