import { canManageProjects } from "@/lib/organizations/levels";

const ONLY_ADMINS_MANAGE_PROJECTS = "Only administrators and owners can create, change and delete projects.";

/** Why someone at `level` may not create, change or delete projects (the rule of `canManageProjects`), or null. */
export const projectManagementProhibition = (level: number | null | undefined) =>
  canManageProjects(level ?? 0) ? null : ONLY_ADMINS_MANAGE_PROJECTS;
