import { Level } from "@/lib/organizations/levels";

/** PostHog's `Dashboard.RestrictionLevel`: who may edit a dashboard. */
export const RestrictionLevel = { EVERYONE_IN_PROJECT_CAN_EDIT: 21, ONLY_COLLABORATORS_CAN_EDIT: 37 } as const;
/** PostHog's `Dashboard.PrivilegeLevel`: what the caller may do with it. */
export const PrivilegeLevel = { CAN_VIEW: 21, CAN_EDIT: 37 } as const;

export const CANNOT_EDIT_DASHBOARD = "You don't have edit permissions for this dashboard.";
export const CANNOT_RESTRICT_DASHBOARD =
  "Only the dashboard owner and project admins have the restriction rights required to change the dashboard's restriction level.";
export const cannotAddInsightTo = (dashboardId: number) => `You don't have permission to add insights to dashboard: ${dashboardId}`;

export interface DashboardRef {
  restrictionLevel: number;
  createdById: number | null;
}
export interface MemberRef {
  userId: number;
  /** Organization membership level. */
  level: number;
}

/** Its creator and project admins (organization admins and owners) may change who can edit a dashboard. */
export const canRestrictDashboard = (dashboard: DashboardRef, member: MemberRef) =>
  dashboard.createdById === member.userId || member.level >= Level.ADMIN;

/** What the member may do: edit an open dashboard, and a restricted one only if they may restrict it. */
export function effectivePrivilegeLevel(dashboard: DashboardRef, member: MemberRef): number {
  if (dashboard.restrictionLevel < RestrictionLevel.ONLY_COLLABORATORS_CAN_EDIT) return PrivilegeLevel.CAN_EDIT;
  return canRestrictDashboard(dashboard, member) ? PrivilegeLevel.CAN_EDIT : PrivilegeLevel.CAN_VIEW;
}

export const canEditDashboard = (dashboard: DashboardRef, member: MemberRef) =>
  effectivePrivilegeLevel(dashboard, member) === PrivilegeLevel.CAN_EDIT;
