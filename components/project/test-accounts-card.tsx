"use client";

import { useMutation, useQuery } from "@tanstack/react-query";
import { SparklesIcon } from "lucide-react";
import { useState } from "react";
import type { PropertyFilterValue, PropertyKind } from "@/components/insights/controls/filter-kinds";
import { completeFilters, PropertyFiltersEditor } from "@/components/insights/controls/property-filters";
import { withSuggestedFilters } from "@/components/project/suggested-test-account-filters";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "@/components/ui/card";
import { FormAlert } from "@/components/ui/field";
import { SettingSwitch } from "@/components/project/setting-switch";
import { errorMessage } from "@/lib/ui/api-client";
import { updateTestAccountFiltersMutation } from "@/lib/ui/organization/mutations";
import { domainsQuery } from "@/lib/ui/organization/queries";
import { toast } from "@/lib/ui/toast";
import type { TProject } from "@/lib/ui/types";
import { useMe } from "@/lib/ui/use-me";

/** The kinds the setting takes (the server's TEST_ACCOUNT_FILTER_TYPES). */
const KINDS: PropertyKind[] = ["event", "person", "cohort", "group", "hogql"];

/** The project's test account filters, the "Filter out internal and test users" switch of every analysis applies. */
export function TestAccountsCard({ project, prohibition }: { project: TProject; prohibition: string | null }) {
  const { organization } = useMe();
  const domains = useQuery({ ...domainsQuery(organization.id), enabled: !prohibition });
  const saved = project.test_account_filters as PropertyFilterValue[];
  const [draft, setDraft] = useState<PropertyFilterValue[]>(saved);
  const [failure, setFailure] = useState<string | null>(null);
  const save = useMutation({
    ...updateTestAccountFiltersMutation(),
    onSuccess: () => {
      setFailure(null);
      toast.success("Test account filters saved.");
    },
    onError: (error) => setFailure(errorMessage(error)),
  });
  const dirty = JSON.stringify(draft) !== JSON.stringify(saved);
  const verified = (domains.data ?? []).filter((d) => d.is_verified).map((d) => d.domain);

  return (
    <Card id="test-accounts">
      <CardHeader>
        <CardTitle>Filter out internal and test users</CardTitle>
        <CardDescription>
          Insights and web analytics with “Filter out internal and test users” on keep only the events that match every filter here: your
          own team&apos;s visits and your development machines&apos; events stay out of the numbers.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <FormAlert>{failure}</FormAlert>
        {prohibition ? (
          <p className="text-sm text-muted-foreground">
            {saved.length ? `${saved.length} filter${saved.length === 1 ? "" : "s"} set. ` : "No filters yet. "}
            Only administrators and owners can change them.
          </p>
        ) : (
          <>
            <PropertyFiltersEditor
              projectId={project.id}
              filters={draft}
              onChange={setDraft}
              types={KINDS}
              label="Test account filter"
              addLabel="Add test account filter"
            />
            <div>
              <Button type="button" variant="outline" size="sm" onClick={() => setDraft(withSuggestedFilters(draft, verified))}>
                <SparklesIcon /> Add suggested filters
              </Button>
              <p className="mt-1 text-xs text-muted-foreground">
                Events from localhost and 127.0.0.1
                {verified.length
                  ? `, and persons whose email is at ${verified.join(", ")}`
                  : " (verify a domain to also leave out your team's emails)"}
                .
              </p>
            </div>
          </>
        )}
        <DefaultCheckedSwitch project={project} disabled={!!prohibition} />
      </CardContent>
      {!prohibition && (
        <CardFooter className="justify-end border-t pt-5">
          <Button
            type="button"
            disabled={!dirty || save.isPending}
            onClick={() =>
              save.mutate({ id: project.id, test_account_filters: completeFilters(draft) as TProject["test_account_filters"] })
            }
          >
            {save.isPending ? "Saving…" : "Save filters"}
          </Button>
        </CardFooter>
      )}
    </Card>
  );
}

function DefaultCheckedSwitch({ project, disabled }: { project: TProject; disabled: boolean }) {
  const update = useMutation({
    ...updateTestAccountFiltersMutation(),
    onSuccess: () => toast.success("Setting saved."),
    onError: (error) => toast.error(errorMessage(error)),
  });
  return (
    <SettingSwitch
      id="test-accounts-default"
      label="On by default in new insights"
      description="New insights start with “Filter out internal and test users” switched on."
      checked={project.test_account_filters_default_checked}
      disabled={disabled || update.isPending}
      onCheckedChange={(on) => update.mutate({ id: project.id, test_account_filters_default_checked: on })}
      className="border-t pt-4"
    />
  );
}
