import { lazyDialog } from "@/components/lazy-dialog";

// The dialogs pages open on an action, each loaded when it first opens (or when the browser is idle), so their
// forms, react-hook-form and the zod schemas they check stay out of the pages' first load. Pages import a dialog
// from here rather than from its module; a dialog's own module keeps its implementation.

export const AboutDashboardDialog = lazyDialog(
  () => import("@/components/dashboards/dashboard-dialogs").then((m) => m.AboutDashboardDialog),
  (p) => p.open,
);
export const AddDomainDialog = lazyDialog(
  () => import("@/components/organization/domains/domain-dialogs").then((m) => m.AddDomainDialog),
  (p) => p.open,
);
export const AddInsightDialog = lazyDialog(
  () => import("@/components/dashboards/add-insight-dialog").then((m) => m.AddInsightDialog),
  (p) => p.open,
);
export const AlertsDialog = lazyDialog(
  () => import("@/components/insights/alerts/alerts-dialog").then((m) => m.AlertsDialog),
  (p) => p.open,
);
export const BulkInviteDialog = lazyDialog(
  () => import("@/components/organization/bulk-invite-dialog").then((m) => m.BulkInviteDialog),
  (p) => p.open,
);
export const CommandPalette = lazyDialog(
  () => import("@/components/command-palette/command-palette").then((m) => m.CommandPalette),
  (p) => p.open,
);
export const CreateApiKeyDialog = lazyDialog(
  () => import("@/components/api-keys/create-api-key-dialog").then((m) => m.CreateApiKeyDialog),
  (p) => p.open,
);
export const CreateDashboardDialog = lazyDialog(
  () => import("@/components/dashboards/create-dashboard-dialog").then((m) => m.CreateDashboardDialog),
  (p) => p.open,
);
export const CreateOrganizationDialog = lazyDialog(
  () => import("@/components/shell/create-organization-dialog").then((m) => m.CreateOrganizationDialog),
  (p) => p.open,
);
export const CreateProjectDialog = lazyDialog(
  () => import("@/components/project/create-project-dialog").then((m) => m.CreateProjectDialog),
  (p) => p.open,
);
export const DeleteDashboardDialog = lazyDialog(
  () => import("@/components/dashboards/dashboard-dialogs").then((m) => m.DeleteDashboardDialog),
  (p) => p.dashboard !== null,
);
export const DeleteOrganizationDialog = lazyDialog(
  () => import("@/components/organization/delete-organization-dialog").then((m) => m.DeleteOrganizationDialog),
  (p) => p.open,
);
export const InviteDialog = lazyDialog(
  () => import("@/components/organization/invite-dialog").then((m) => m.InviteDialog),
  (p) => p.open,
);
export const MemberLevelDialog = lazyDialog(
  () => import("@/components/organization/member-level-dialog").then((m) => m.MemberLevelDialog),
  (p) => p.change !== null,
);
export const MobileNavDialog = lazyDialog(
  () => import("@/components/shell/mobile-nav-dialog").then((m) => m.MobileNavDialog),
  (p) => p.open,
);
export const PersonsDialog = lazyDialog(
  () => import("@/components/insights/persons-dialog").then((m) => m.PersonsDialog),
  (p) => p.open,
);
export const RemoveDomainDialog = lazyDialog(
  () => import("@/components/organization/domains/domain-dialogs").then((m) => m.RemoveDomainDialog),
  (p) => p.domain !== null,
);
export const RemoveMemberDialog = lazyDialog(
  () => import("@/components/organization/remove-member-dialog").then((m) => m.RemoveMemberDialog),
  (p) => p.member !== null,
);
export const SamlDialog = lazyDialog(
  () => import("@/components/organization/domains/domain-dialogs").then((m) => m.SamlDialog),
  (p) => p.domain !== null,
);
export const SharingDialog = lazyDialog(
  () => import("@/components/sharing/sharing-dialog").then((m) => m.SharingDialog),
  (p) => p.open,
);
export const SubscriptionsDialog = lazyDialog(
  () => import("@/components/subscriptions/subscriptions-dialog").then((m) => m.SubscriptionsDialog),
  (p) => p.open,
);
export const TypedConfirmationDialog = lazyDialog(
  () => import("@/components/typed-confirmation-dialog").then((m) => m.TypedConfirmationDialog),
  (p) => p.open,
);
export const VerifyDomainDialog = lazyDialog(
  () => import("@/components/organization/domains/domain-dialogs").then((m) => m.VerifyDomainDialog),
  (p) => p.domain !== null,
);
