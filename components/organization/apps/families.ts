import type { TCatalogEntry } from "@/lib/ui/types";

/** The tabs of the apps page: the four pipeline families, each with the catalog type it installs. */
export const FAMILY_TABS = [
  { tab: "destinations", family: "pipeline_destinations", label: "Destinations", catalogType: "destination", editable: true },
  { tab: "transformations", family: "pipeline_transformations", label: "Transformations", catalogType: "transformation", editable: false },
  { tab: "site-apps", family: "pipeline_frontend_apps", label: "Site apps", catalogType: "site_app", editable: true },
  { tab: "imports", family: "pipeline_import_apps", label: "Import apps", catalogType: "import", editable: true },
] as const satisfies readonly { tab: string; family: string; label: string; catalogType: TCatalogEntry["type"]; editable: boolean }[];

export type FamilyTab = (typeof FAMILY_TABS)[number];

/** PostHog's API gives transformations list, create and retrieve only: nothing changes them once installed. */
export const TRANSFORMATIONS_READ_ONLY = "PostHog's API has no update, source or uninstall for transformations.";

/** An app's state in a project, as the table says it: an app Hedgerow does not run cannot be switched on. */
export const stateLabel = (enabled: boolean, runs: boolean) => (!runs ? "Kept, not run" : enabled ? "On, running" : "Off");
