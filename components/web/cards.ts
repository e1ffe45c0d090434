import type { StatsTab } from "@/components/web/stats-card";
import type { WebBreakdown } from "@/lib/analytics/web/schemas";

const card = (title: string, ...tabs: [WebBreakdown, string][]) => ({
  title,
  tabs: tabs.map(([breakdown, label]): StatsTab => ({ breakdown, label })),
});

/** The page's breakdown cards, each with its tabs (PostHog's web analytics tiles). */
export const CARDS: { title: string; tabs: StatsTab[] }[] = [
  card("Paths", ["Page", "Path"], ["InitialPage", "Entry page"], ["ExitPage", "Exit page"]),
  card("Sources", ["InitialChannelType", "Channel"], ["InitialReferringDomain", "Referring domain"]),
  card("Campaigns", ["InitialUTMSource", "UTM source"], ["InitialUTMMedium", "UTM medium"], ["InitialUTMCampaign", "UTM campaign"]),
  card("Devices", ["DeviceType", "Device type"], ["Browser", "Browser"], ["OS", "OS"]),
  card("Places", ["Country", "Country"]),
  card("Screens", ["Viewport", "Screen size"]),
];
