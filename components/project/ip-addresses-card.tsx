"use client";

import { SettingSwitch, useProjectSettingMutation } from "@/components/project/setting-switch";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import type { TProject } from "@/lib/ui/types";

/** PostHog's "IP data capture" setting (`anonymize_ips`): whether events keep the sender's address as `$ip`. */
export function IpAddressesCard({ project, prohibition }: { project: TProject; prohibition: string | null }) {
  const update = useProjectSettingMutation();
  return (
    <Card id="ip-addresses">
      <CardHeader>
        <CardTitle>IP addresses</CardTitle>
        <CardDescription>
          {prohibition ?? "Events record the address they were sent from as their $ip property, which the GeoIP app locates them by."}
        </CardDescription>
      </CardHeader>
      <CardContent>
        <SettingSwitch
          id="setting-anonymize_ips"
          label="Discard IP addresses"
          description="New events keep no $ip, not even one they were sent with, so GeoIP cannot locate them. Events already stored keep theirs."
          checked={project.anonymize_ips}
          disabled={!!prohibition || update.isPending}
          onCheckedChange={(on) => update.mutate({ id: project.id, anonymize_ips: on })}
        />
      </CardContent>
    </Card>
  );
}
