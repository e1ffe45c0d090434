import { Badge } from "@/components/ui/badge";
import type { TAlert } from "@/lib/alerts/schemas";
import { formatDateTime, formatValue } from "@/lib/ui/format";
import { cn } from "@/lib/ui/utils";

/** Each state in words and a colour whose contrast holds on a dialog in both themes. */
const STATE_CLASSES: Record<TAlert["state"], string> = {
  Firing: "bg-red-500/12 text-red-800 dark:text-red-300",
  "Not firing": "bg-emerald-500/12 text-emerald-800 dark:text-emerald-300",
  Errored: "bg-amber-500/15 text-amber-900 dark:text-amber-300",
  Snoozed: "bg-secondary text-secondary-foreground",
};

export function AlertStateBadge({ state }: { state: TAlert["state"] }) {
  return (
    <Badge variant="outline" className={cn("border-transparent", STATE_CLASSES[state])}>
      {state}
    </Badge>
  );
}

/** The latest checks of an alert: when, the value found, the state it left and who was told. */
export function AlertChecks({ alert }: { alert: TAlert }) {
  if (!alert.checks.length)
    return <p className="text-sm text-muted-foreground">Not checked yet: the first check runs within a couple of minutes.</p>;
  return (
    <table className="w-full text-sm">
      <caption className="sr-only">Checks of {alert.name}</caption>
      <thead className="text-left text-muted-foreground">
        <tr>
          <th className="font-medium">Checked</th>
          <th className="font-medium">Value</th>
          <th className="font-medium">State</th>
          <th className="font-medium">Notified</th>
        </tr>
      </thead>
      <tbody>
        {alert.checks.map((check) => (
          <tr key={check.id} className="border-t">
            <td className="py-1">{formatDateTime(check.created_at)}</td>
            <td className="py-1 tabular-nums">{check.calculated_value === null ? "—" : formatValue(check.calculated_value)}</td>
            <td className="py-1" title={check.error_message ?? undefined}>
              <AlertStateBadge state={check.state} />
            </td>
            <td className="py-1">{Object.keys(check.targets_notified).length ? "Yes" : "—"}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
