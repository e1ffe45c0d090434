import { formatDateTime, formatRelative } from "@/lib/ui/format";

/** "3 minutes ago", with the exact moment in its title. */
export function RelativeTime({ iso, className }: { iso: string; className?: string }) {
  return (
    <time dateTime={iso} title={formatDateTime(iso)} className={className}>
      {formatRelative(iso)}
    </time>
  );
}
