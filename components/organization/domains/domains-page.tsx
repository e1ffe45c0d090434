"use client";

import { ACTIONS_COLUMN } from "@/components/data-table-columns";
import { useMutation, useQuery } from "@tanstack/react-query";
import { createColumnHelper, useTable } from "@tanstack/react-table";
import { CircleAlertIcon, CircleCheckIcon, ClockIcon, PlusIcon, Trash2Icon } from "lucide-react";
import { createContext, useContext, useMemo, useState } from "react";
import { ChoiceSelect } from "@/components/choice-select";
import { clientTableFeatures, DataTable } from "@/components/data-table";
import { DisabledReason } from "@/components/disabled-reason";
import { AddDomainDialog, RemoveDomainDialog, SamlDialog, VerifyDomainDialog } from "@/components/lazy-dialogs";
import { PageHeader } from "@/components/page-header";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Switch } from "@/components/ui/switch";
import { domainStatus, SSO_PROVIDERS, verificationProhibition, type DomainStatus } from "@/lib/domains/rules";
import { canManageDomains } from "@/lib/organizations/levels";
import { errorMessage } from "@/lib/ui/api-client";
import { updateDomainMutation } from "@/lib/ui/organization/mutations";
import { domainsQuery } from "@/lib/ui/organization/queries";
import { toast } from "@/lib/ui/toast";
import type { TDomain } from "@/lib/ui/types";
import { useMe } from "@/lib/ui/use-me";
import { useTableUrlState } from "@/lib/ui/use-table-url-state";

const ONLY_ADMINS_MANAGE_DOMAINS = "Only administrators and owners can manage domains.";

const SSO_LABELS: Record<(typeof SSO_PROVIDERS)[number], string> = {
  "": "Off",
  "google-oauth2": "Google",
  github: "GitHub",
  gitlab: "GitLab",
  saml: "SAML",
};

/** Radix's select items can't have an empty value, which is what the API calls "not enforced". */
const OFF = "off";

const STATUS: Record<DomainStatus, { label: string; variant: "default" | "warning" | "destructive"; icon: typeof ClockIcon }> = {
  verified: { label: "Verified", variant: "default", icon: CircleCheckIcon },
  pending: { label: "Pending verification", variant: "warning", icon: ClockIcon },
  expired: { label: "Verification expired", variant: "destructive", icon: CircleAlertIcon },
};

/** What the cells need beyond their row: whether the viewer may change domains, and the dialogs they open. */
interface DomainsContext {
  /** Why the viewer can't change domains, or null. */
  prohibition: string | null;
  verify: (domain: TDomain) => void;
  configureSaml: (domain: TDomain) => void;
  remove: (domain: TDomain) => void;
}

const Context = createContext<DomainsContext | null>(null);
const useDomainsContext = () => useContext(Context)!;

const helper = createColumnHelper<typeof clientTableFeatures, TDomain>();
const columns = helper.columns([
  helper.accessor("domain", {
    header: "Domain",
    sortFn: "alphanumeric",
    cell: ({ getValue }) => <span className="font-medium">{getValue()}</span>,
  }),
  helper.display({ id: "status", header: "Verification", cell: ({ row }) => <StatusCell domain={row.original} /> }),
  helper.display({ id: "jit", header: "Automatic provisioning", cell: ({ row }) => <JitCell domain={row.original} /> }),
  helper.display({ id: "sso", header: "Enforce SSO", cell: ({ row }) => <SsoCell domain={row.original} /> }),
  helper.display({ id: "saml", header: "SAML", cell: ({ row }) => <SamlCell domain={row.original} /> }),
  helper.display({ ...ACTIONS_COLUMN, cell: ({ row }) => <ActionsCell domain={row.original} /> }),
]);

const noDomains: TDomain[] = [];

/** PostHog's verified domains: add, prove control with a DNS TXT record, then SSO settings that need the proof. */
export function DomainsPage() {
  const { organization } = useMe();
  const domains = useQuery(domainsQuery(organization.id));
  const url = useTableUrlState({ sortable: ["domain"], defaultSort: { id: "domain", desc: false } });
  const [adding, setAdding] = useState(false);
  const [verifying, setVerifying] = useState<TDomain | null>(null);
  const [saml, setSaml] = useState<TDomain | null>(null);
  const [removing, setRemoving] = useState<TDomain | null>(null);
  const prohibition = canManageDomains(organization.membership_level ?? 0) ? null : ONLY_ADMINS_MANAGE_DOMAINS;

  const table = useTable({
    features: clientTableFeatures,
    columns,
    data: domains.data ?? noDomains,
    getRowId: (domain) => domain.id,
    state: { sorting: url.sorting, pagination: url.pagination },
    onSortingChange: url.onSortingChange,
    onPaginationChange: url.onPaginationChange,
    enableSortingRemoval: false,
    autoResetPageIndex: false,
  });
  const context = useMemo<DomainsContext>(
    () => ({ prohibition, verify: setVerifying, configureSaml: setSaml, remove: setRemoving }),
    [prohibition],
  );

  return (
    <Context.Provider value={context}>
      <PageHeader
        title="Verified domains"
        description={`Domains ${organization.name} has proven it controls, with a DNS record, and the sign-in settings that need that proof.`}
        actions={
          <DisabledReason reason={prohibition}>
            <Button onClick={() => setAdding(true)} disabled={!!prohibition}>
              <PlusIcon /> Add domain
            </Button>
          </DisabledReason>
        }
      />
      <div className="grid gap-3">
        <p className="text-sm text-muted-foreground">
          Automatic provisioning, SSO enforcement and SAML are kept as PostHog keeps them, for its API&apos;s clients; Hedgerow itself signs
          people in with a password, so they don&apos;t change how anyone signs in here.
        </p>
        <DataTable
          table={table}
          label={`Domains of ${organization.name}`}
          isPending={domains.isPending}
          error={domains.error}
          empty="No domains yet. Add one, then verify it with a DNS record."
        />
      </div>
      <AddDomainDialog open={adding} onOpenChange={setAdding} onAdded={setVerifying} />
      <VerifyDomainDialog key={verifying?.id} domain={verifying} onClose={() => setVerifying(null)} />
      <SamlDialog key={saml?.id} domain={saml} onClose={() => setSaml(null)} />
      <RemoveDomainDialog domain={removing} onClose={() => setRemoving(null)} />
    </Context.Provider>
  );
}

function StatusCell({ domain }: { domain: TDomain }) {
  const { label, variant, icon: Icon } = STATUS[domainStatus(domain)];
  return (
    <Badge variant={variant} data-testid="domain-status">
      <Icon /> {label}
    </Badge>
  );
}

/** A setting change from the table itself: saved at once, a refusal told in a toast. */
function useDomainUpdate() {
  const { organization } = useMe();
  return useMutation({ ...updateDomainMutation(organization.id), onError: (error) => toast.error(errorMessage(error)) });
}

function JitCell({ domain }: { domain: TDomain }) {
  const { prohibition } = useDomainsContext();
  const update = useDomainUpdate();
  const reason = prohibition ?? verificationProhibition(domain);
  const checked = update.isPending ? !!update.variables?.jit_provisioning_enabled : domain.jit_provisioning_enabled;
  return (
    <DisabledReason reason={reason}>
      <Switch
        checked={checked}
        disabled={!!reason || update.isPending}
        onCheckedChange={(value) => update.mutate({ domain, jit_provisioning_enabled: value })}
        aria-label={`Automatic provisioning for ${domain.domain}`}
      />
    </DisabledReason>
  );
}

function SsoCell({ domain }: { domain: TDomain }) {
  const { prohibition } = useDomainsContext();
  const update = useDomainUpdate();
  const reason = prohibition ?? verificationProhibition(domain);
  // SAML can be enforced only once it is set up, as PostHog's picker has it.
  const providers = SSO_PROVIDERS.filter((provider) => provider !== "saml" || domain.has_saml);
  return (
    <DisabledReason reason={reason}>
      <ChoiceSelect
        value={domain.sso_enforcement || OFF}
        choices={providers.map((provider) => ({ value: provider || OFF, label: SSO_LABELS[provider] }))}
        disabled={!!reason || update.isPending}
        onValueChange={(value) =>
          update.mutate({ domain, sso_enforcement: value === OFF ? "" : (value as (typeof SSO_PROVIDERS)[number]) })
        }
        size="sm"
        className="w-28"
        aria-label={`Enforce SSO for ${domain.domain}`}
      />
    </DisabledReason>
  );
}

function SamlCell({ domain }: { domain: TDomain }) {
  const { prohibition, configureSaml } = useDomainsContext();
  const partly = !domain.has_saml && (domain.saml_entity_id || domain.saml_acs_url || domain.saml_x509_cert);
  return (
    <div className="flex items-center gap-2">
      <span className="text-sm text-muted-foreground">{domain.has_saml ? "Set up" : partly ? "Partly set up" : "Not set up"}</span>
      <DisabledReason reason={prohibition}>
        <Button
          variant="outline"
          size="sm"
          disabled={!!prohibition}
          onClick={() => configureSaml(domain)}
          aria-label={`SAML settings of ${domain.domain}`}
        >
          Configure
        </Button>
      </DisabledReason>
    </div>
  );
}

function ActionsCell({ domain }: { domain: TDomain }) {
  const { prohibition, verify, remove } = useDomainsContext();
  return (
    <div className="flex items-center justify-end gap-1">
      {!domain.is_verified && (
        <DisabledReason reason={prohibition}>
          <Button size="sm" disabled={!!prohibition} onClick={() => verify(domain)} aria-label={`Verify ${domain.domain}`}>
            Verify
          </Button>
        </DisabledReason>
      )}
      <DisabledReason reason={prohibition}>
        <Button
          variant="ghost"
          size="sm"
          disabled={!!prohibition}
          onClick={() => remove(domain)}
          aria-label={`Remove ${domain.domain}`}
          className="text-muted-foreground hover:text-destructive"
        >
          <Trash2Icon /> Remove
        </Button>
      </DisabledReason>
    </div>
  );
}
