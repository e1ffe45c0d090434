import {
  ArchiveIcon,
  BanIcon,
  CircleAlertIcon,
  CircleCheckIcon,
  CircleDashedIcon,
  CircleSlashIcon,
  CircleXIcon,
  ClockIcon,
  DatabaseIcon,
  DatabaseZapIcon,
  LoaderCircleIcon,
  RotateCwIcon,
  WebhookIcon,
  type LucideIcon,
} from "lucide-react";
import type { TBatchExport, TBatchExportDestinationType, TBatchExportRun, TBatchExportRunStatus } from "@/lib/ui/types";
import { cn } from "@/lib/ui/utils";

export const DESTINATIONS: Record<TBatchExportDestinationType, { label: string; icon: LucideIcon; description: string }> = {
  S3: { label: "S3", icon: ArchiveIcon, description: "JSON Lines files in an S3 bucket (or any S3-compatible store)." },
  Postgres: { label: "PostgreSQL", icon: DatabaseIcon, description: "Rows in a PostgreSQL table, created if missing." },
  Redshift: { label: "Redshift", icon: DatabaseZapIcon, description: "Rows in an Amazon Redshift table, created if missing." },
  HTTP: { label: "HTTP", icon: WebhookIcon, description: "Batches of events POSTed to a URL, each with its uuid to deduplicate." },
  NoOp: { label: "No-op", icon: CircleSlashIcon, description: "Reads each interval and writes it nowhere: for trying exports out." },
};

export const INTERVALS: Record<TBatchExport["interval"], string> = {
  "every 5 minutes": "Every 5 minutes",
  hour: "Hourly",
  day: "Daily",
  week: "Weekly",
};

export const MODELS: Record<NonNullable<TBatchExport["model"]>, string> = { events: "Events", persons: "Persons" };

/** A destination type as its icon and name (the name is always there: the icon alone says nothing to a screen reader). */
export function DestinationLabel({ type, className }: { type: TBatchExportDestinationType; className?: string }) {
  const destination = DESTINATIONS[type] ?? { label: type, icon: DatabaseIcon };
  const Icon = destination.icon;
  return (
    <span className={cn("inline-flex items-center gap-1.5", className)}>
      <Icon className="size-4 shrink-0 text-muted-foreground" aria-hidden />
      {destination.label}
    </span>
  );
}

/** Each status as PostHog names it, said in words, with an icon and a colour (never colour alone). */
const STATUSES: Record<TBatchExportRunStatus, { label: string; icon: LucideIcon; className: string }> = {
  Starting: { label: "Starting", icon: CircleDashedIcon, className: "bg-sky-500/12 text-sky-800 dark:text-sky-300" },
  Running: { label: "Running", icon: LoaderCircleIcon, className: "bg-sky-500/12 text-sky-800 dark:text-sky-300 [&>svg]:animate-spin" },
  Completed: { label: "Completed", icon: CircleCheckIcon, className: "bg-emerald-500/12 text-emerald-800 dark:text-emerald-300" },
  FailedRetryable: { label: "Failed, will retry", icon: RotateCwIcon, className: "bg-amber-500/15 text-amber-900 dark:text-amber-300" },
  Failed: { label: "Failed", icon: CircleXIcon, className: "bg-destructive/10 text-destructive dark:bg-destructive/20" },
  TimedOut: { label: "Timed out", icon: ClockIcon, className: "bg-destructive/10 text-destructive dark:bg-destructive/20" },
  Terminated: { label: "Terminated", icon: CircleAlertIcon, className: "bg-destructive/10 text-destructive dark:bg-destructive/20" },
  Cancelled: { label: "Cancelled", icon: BanIcon, className: "bg-secondary text-secondary-foreground" },
  ContinuedAsNew: { label: "Continued as new", icon: RotateCwIcon, className: "bg-secondary text-secondary-foreground" },
};

export const RUN_STATUSES = Object.keys(STATUSES) as TBatchExportRunStatus[];
export const runStatusLabel = (status: TBatchExportRunStatus) => STATUSES[status]?.label ?? status;

export function RunStatusBadge({ status, compact, title }: { status: TBatchExportRunStatus; compact?: boolean; title?: string }) {
  const { label, icon: Icon, className } = STATUSES[status] ?? STATUSES.Cancelled;
  return (
    <span
      title={title}
      data-testid="run-status"
      className={cn(
        "inline-flex w-fit shrink-0 items-center gap-1 rounded-md font-medium whitespace-nowrap [&>svg]:size-3 [&>svg]:shrink-0",
        compact ? "px-1.5 py-px text-[11px]" : "px-2 py-0.5 text-xs",
        className,
      )}
    >
      <Icon aria-hidden />
      {label}
    </span>
  );
}

/** The interval a run covers, in the viewer's time: "Mar 4, 14:00 – 15:00". */
export function formatRunInterval(run: Pick<TBatchExportRun, "data_interval_start" | "data_interval_end">): string {
  const end = new Date(run.data_interval_end);
  if (!run.data_interval_start) return `until ${dateTime.format(end)}`;
  const start = new Date(run.data_interval_start);
  return `${dateTime.format(start)} – ${start.toDateString() === end.toDateString() ? time.format(end) : dateTime.format(end)}`;
}

const dateTime = new Intl.DateTimeFormat("en", { month: "short", day: "numeric", hour: "2-digit", minute: "2-digit", hourCycle: "h23" });
const time = new Intl.DateTimeFormat("en", { hour: "2-digit", minute: "2-digit", hourCycle: "h23" });
