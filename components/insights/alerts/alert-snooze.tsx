"use client";

import { useMutation } from "@tanstack/react-query";
import { BellOffIcon, ChevronDownIcon } from "lucide-react";
import { useRef, useState } from "react";
import { DateTimeInput } from "@/components/batch-exports/date-time-input";
import { Button } from "@/components/ui/button";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import { Label } from "@/components/ui/label";
import type { TAlert } from "@/lib/alerts/schemas";
import { updateAlertMutation } from "@/lib/ui/alerts/mutations";
import { errorMessage } from "@/lib/ui/api-client";
import { formatDateTime } from "@/lib/ui/format";
import { toast } from "@/lib/ui/toast";

/** PostHog's relative snoozes, counted from now by the API. */
const PRESETS = [
  ["1h", "1 hour"],
  ["1d", "1 day"],
  ["1w", "1 week"],
] as const;

/** Snoozes an alert for a while or until a chosen time, or wakes it; a snoozed alert is neither checked nor notified. */
export function AlertSnooze({ projectId, alert }: { projectId: number; alert: TAlert }) {
  const [custom, setCustom] = useState<string | null | undefined>(undefined);
  const customChosen = useRef(false);
  const update = useMutation({
    ...updateAlertMutation(projectId, alert.id),
    onSuccess: (saved) => {
      setCustom(undefined);
      toast.success(saved.snoozed_until ? `Snoozed until ${formatDateTime(saved.snoozed_until)}` : "Alert un-snoozed");
    },
    onError: (error) => toast.error(errorMessage(error)),
  });
  const snooze = (snoozed_until: string | null) => update.mutate({ snoozed_until });
  const inputId = `alert-snooze-until-${alert.id}`;
  return (
    <>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button size="sm" variant="outline" disabled={update.isPending}>
            <BellOffIcon /> Snooze<span className="sr-only"> {alert.name}</span> <ChevronDownIcon />
          </Button>
        </DropdownMenuTrigger>
        {/* The custom field takes the focus once the menu has closed (its own focus handling runs last), not the trigger. */}
        <DropdownMenuContent
          align="end"
          onCloseAutoFocus={(event) => {
            if (!customChosen.current) return;
            event.preventDefault();
            document.getElementById(inputId)?.focus();
          }}
        >
          {PRESETS.map(([value, text]) => (
            <DropdownMenuItem
              key={value}
              onSelect={() => {
                customChosen.current = false;
                snooze(value);
              }}
            >
              For {text}
            </DropdownMenuItem>
          ))}
          <DropdownMenuItem
            onSelect={() => {
              customChosen.current = true;
              setCustom(alert.snoozed_until ?? null);
            }}
          >
            Until a date…
          </DropdownMenuItem>
          {alert.snoozed_until && (
            <>
              <DropdownMenuSeparator />
              <DropdownMenuItem
                onSelect={() => {
                  customChosen.current = false;
                  snooze(null);
                }}
              >
                Un-snooze
              </DropdownMenuItem>
            </>
          )}
        </DropdownMenuContent>
      </DropdownMenu>
      {custom !== undefined && (
        <form
          className="flex basis-full flex-wrap items-end gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            if (custom) snooze(custom);
          }}
        >
          <div className="grid gap-1.5">
            <Label htmlFor={inputId}>Snooze until</Label>
            <DateTimeInput id={inputId} value={custom} onChange={setCustom} className="w-56" />
          </div>
          <Button size="sm" type="submit" disabled={!custom || update.isPending}>
            Snooze
          </Button>
          <Button size="sm" type="button" variant="ghost" onClick={() => setCustom(undefined)}>
            Cancel
          </Button>
        </form>
      )}
    </>
  );
}
