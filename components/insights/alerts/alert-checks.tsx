import { Badge } from "@/components/ui/badge";
import type { TAlert } from "@/lib/alerts/schemas";
import { formatDateTime, formatValue } from "@/lib/ui/format";

const STATE_VARIANTS = { Firing: "destructive", "Not firing": "secondary", Errored: "warning", Snoozed: "outline" } as const;

export function AlertStateBadge({ state }: { state: TAlert["state"] }) {
  return <Badge variant={STATE_VARIANTS[state]}>{state}</Badge>;
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
