import { asc, count, eq, getTableColumns, inArray, sql, type SQL } from "drizzle-orm";
import { notFound, permissionDenied } from "@/lib/api/errors";
import type { Page } from "@/lib/api/pagination";
import type { Actor } from "@/lib/auth/actor";
import { forgetProjectForToken } from "@/lib/capture/projects";
import { newProjectApiToken } from "@/lib/auth/tokens";
import { insertDefaultDashboard } from "@/lib/dashboards/find";
import { getDb, type Tx } from "@/lib/db/client";
import { projects, users, type Project } from "@/lib/db/schema";
import { canManageProjects, INSUFFICIENT_LEVEL } from "@/lib/organizations/levels";
import { requireOrganizationMember } from "@/lib/organizations/access";
import { PROJECT_NOT_FOUND, requireProjectAccess } from "./access";
import type { TProject, TProjectClientSettings, TProjectCreate, TProjectId, TProjectUpdate } from "./schemas";
import { DEFAULT_TIMEZONE } from "./timezones";

const DEFAULT_PROJECT_NAME = "Default project";

export async function insertProject(tx: Tx, input: { organizationId: string; name?: string; timezone?: string }): Promise<Project> {
  const [project] = await tx
    .insert(projects)
    .values({
      organizationId: input.organizationId,
      name: input.name ?? DEFAULT_PROJECT_NAME,
      timezone: input.timezone ?? DEFAULT_TIMEZONE,
      apiToken: newProjectApiToken(),
    })
    .returning();
  await insertDefaultDashboard(tx, project.id);
  return project;
}

/** A project as its serializers read it: the row, and whether it has received an event. */
export type ProjectRow = Project & { ingestedEvent: boolean };

/**
 * PostHog's `ingested_event`: ingestion records an event's name (a definition) in the transaction that stores
 * it, so a project with a definition has had an event.
 */
const projectRowColumns = {
  ...getTableColumns(projects),
  // Spelled out: drizzle writes a select's columns unqualified, which the subquery would read as its own.
  ingestedEvent: sql<boolean>`exists (select 1 from "event_definitions" where "event_definitions"."project_id" = "projects"."id")`,
};

function selectProjectRows(tx: Tx, where: SQL) {
  return tx.select(projectRowColumns).from(projects).where(where).orderBy(asc(projects.id));
}

export function projectsOfOrganizations(tx: Tx, organizationIds: string[]): Promise<ProjectRow[]> {
  if (organizationIds.length === 0) return Promise.resolve([]);
  return selectProjectRows(tx, inArray(projects.organizationId, organizationIds));
}

async function projectRow(tx: Tx, project: Project): Promise<ProjectRow> {
  const [row] = await selectProjectRows(tx, eq(projects.id, project.id));
  return row ?? { ...project, ingestedEvent: false };
}

export async function findProject(tx: Tx, id: number): Promise<Project | undefined> {
  const [project] = await tx.select().from(projects).where(eq(projects.id, id));
  return project;
}

/** How an organization lists a project in its `teams` and `projects` (PostHog's TeamBasic, trimmed). */
export function projectBasic(project: ProjectRow) {
  return {
    id: project.id,
    uuid: project.uuid,
    organization: project.organizationId,
    project_id: project.id,
    api_token: project.apiToken,
    name: project.name,
    timezone: project.timezone,
    access_control: false,
    completed_snippet_onboarding: project.completedSnippetOnboarding,
    has_completed_onboarding_for: project.hasCompletedOnboardingFor,
    ingested_event: project.ingestedEvent,
    // PostHog's generated demo projects; Hedgerow's first-start demo is an ordinary project fed through capture.
    is_demo: false,
  };
}

/** The settings posthog-js reads, by PostHog's field names. */
export function projectClientSettings(project: Project): TProjectClientSettings {
  return {
    autocapture_opt_out: project.autocaptureOptOut,
    autocapture_exceptions_opt_in: project.autocaptureExceptionsOptIn,
    autocapture_web_vitals_opt_in: project.autocaptureWebVitalsOptIn,
    capture_performance_opt_in: project.capturePerformanceOptIn,
    capture_console_log_opt_in: project.captureConsoleLogOptIn,
    capture_dead_clicks: project.captureDeadClicks,
    heatmaps_opt_in: project.heatmapsOptIn,
  };
}

function serializeProject(project: ProjectRow): TProject {
  return {
    ...projectBasic(project),
    path_cleaning_filters: project.pathCleaningFilters,
    // Validated as these kinds when saved.
    test_account_filters: project.testAccountFilters as TProject["test_account_filters"],
    test_account_filters_default_checked: project.testAccountFiltersDefaultChecked,
    anonymize_ips: project.anonymizeIps,
    ...projectClientSettings(project),
    created_at: project.createdAt.toISOString(),
    updated_at: project.updatedAt.toISOString(),
  };
}

async function listProjectsOf(organizationId: string, page: Page) {
  const db = await getDb();
  const where = eq(projects.organizationId, organizationId);
  const [{ total }] = await db.select({ total: count() }).from(projects).where(where);
  const rows = await selectProjectRows(db, where).limit(page.limit).offset(page.offset);
  return { count: total, results: rows.map(serializeProject) };
}

/** `/api/projects/`: the projects of the caller's current organization. */
export async function listProjects(actor: Actor, page: Page) {
  const { organization } = await requireOrganizationMember(actor, "@current");
  return listProjectsOf(organization.id, page);
}

export async function listOrganizationProjects(actor: Actor, organizationId: string, page: Page) {
  const { organization } = await requireOrganizationMember(actor, organizationId);
  return listProjectsOf(organization.id, page);
}

/**
 * A new project of the organization (`@current` for the caller's current one; admins), where the caller then
 * works, as in PostHog: `/api/projects/` and `/api/organizations/:id/projects/` both create through here.
 */
export async function createProject(actor: Actor, organizationId: string, input: TProjectCreate): Promise<TProject> {
  const { organization, membership } = await requireOrganizationMember(actor, organizationId);
  if (!canManageProjects(membership.level)) throw permissionDenied(INSUFFICIENT_LEVEL);
  const db = await getDb();
  const project = await db.transaction(async (tx) => {
    const created = await insertProject(tx, { organizationId: organization.id, name: input.name, timezone: input.timezone });
    await tx.update(users).set({ currentOrganizationId: organization.id, currentProjectId: created.id }).where(eq(users.id, actor.user.id));
    return created;
  });
  return serializeProject({ ...project, ingestedEvent: false });
}

export async function getProject(actor: Actor, id: TProjectId): Promise<TProject> {
  const { project } = await requireProjectAccess(actor, id);
  return serializeProject(await projectRow(await getDb(), project));
}

async function requireProjectAdmin(actor: Actor, id: TProjectId) {
  const access = await requireProjectAccess(actor, id);
  if (!canManageProjects(access.membership.level)) throw permissionDenied(INSUFFICIENT_LEVEL);
  return access;
}

export async function updateProject(actor: Actor, id: TProjectId, input: TProjectUpdate): Promise<TProject> {
  const { project } = await requireProjectAdmin(actor, id);
  const db = await getDb();
  const [updated] = await db
    .update(projects)
    .set({
      name: input.name,
      timezone: input.timezone,
      pathCleaningFilters: input.path_cleaning_filters,
      testAccountFilters: input.test_account_filters,
      testAccountFiltersDefaultChecked: input.test_account_filters_default_checked,
      anonymizeIps: input.anonymize_ips,
      autocaptureOptOut: input.autocapture_opt_out,
      autocaptureExceptionsOptIn: input.autocapture_exceptions_opt_in,
      autocaptureWebVitalsOptIn: input.autocapture_web_vitals_opt_in,
      capturePerformanceOptIn: input.capture_performance_opt_in,
      captureConsoleLogOptIn: input.capture_console_log_opt_in,
      captureDeadClicks: input.capture_dead_clicks,
      heatmapsOptIn: input.heatmaps_opt_in,
      completedSnippetOnboarding: input.completed_snippet_onboarding,
      hasCompletedOnboardingFor: input.has_completed_onboarding_for,
      updatedAt: new Date(),
    })
    .where(eq(projects.id, project.id))
    .returning();
  // Deleted meanwhile.
  if (!updated) throw notFound(PROJECT_NOT_FOUND);
  // Capture reads `anonymize_ips` from the project it remembers for the token.
  forgetProjectForToken(updated.apiToken);
  return serializeProject(await projectRow(db, updated));
}

/** Deletes a project (admins); users who were working in it move to their organization's first remaining one. */
export async function deleteProject(actor: Actor, id: TProjectId): Promise<void> {
  const { project } = await requireProjectAdmin(actor, id);
  const db = await getDb();
  await db.transaction(async (tx) => {
    await tx.delete(projects).where(eq(projects.id, project.id));
    await tx
      .update(users)
      .set({
        currentProjectId: sql`(select min(${projects.id}) from ${projects} where ${projects.organizationId} = ${project.organizationId})`,
      })
      .where(eq(users.currentProjectId, project.id));
  });
  forgetProjectForToken(project.apiToken);
}
