"use client";

import { useMutation } from "@tanstack/react-query";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Switch } from "@/components/ui/switch";
import { errorMessage } from "@/lib/ui/api-client";
import { updateProjectMutation } from "@/lib/ui/organization/mutations";
import { toast } from "@/lib/ui/toast";
import type { TProject } from "@/lib/ui/types";

/** PostHog's "IP data capture" setting (`anonymize_ips`): whether events keep the sender's address as `$ip`. */
export function IpAddressesCard({ project, prohibition }: { project: TProject; prohibition: string | null }) {
  const update = useMutation({
    ...updateProjectMutation(),
    onSuccess: () => toast.success("Setting saved."),
    onError: (error) => toast.error(errorMessage(error)),
  });
  return (
    <Card id="ip-addresses">
      <CardHeader>
        <CardTitle>IP addresses</CardTitle>
        <CardDescription>
          {prohibition ?? "Events record the address they were sent from as their $ip property, which the GeoIP app locates them by."}
        </CardDescription>
      </CardHeader>
      <CardContent>
        <div className="flex items-start justify-between gap-6">
          <div className="grid gap-0.5">
            <label htmlFor="setting-anonymize_ips" className="text-sm font-medium">
              Discard IP addresses
            </label>
            <p id="setting-anonymize_ips-description" className="text-sm text-muted-foreground">
              New events keep no $ip, not even one they were sent with, so GeoIP cannot locate them. Events already stored keep theirs.
            </p>
          </div>
          <Switch
            id="setting-anonymize_ips"
            checked={project.anonymize_ips}
            aria-describedby="setting-anonymize_ips-description"
            disabled={!!prohibition || update.isPending}
            onCheckedChange={(on) => update.mutate({ id: project.id, anonymize_ips: on })}
          />
        </div>
      </CardContent>
    </Card>
  );
}
