import type { StatsTab } from "@/components/web/stats-card";

/** The page's breakdown cards, each with its tabs (PostHog's web analytics tiles). */
export const CARDS: { title: string; tabs: StatsTab[] }[] = [
  {
    title: "Paths",
    tabs: [
      { breakdown: "Page", label: "Path" },
      { breakdown: "InitialPage", label: "Entry page" },
      { breakdown: "ExitPage", label: "Exit page" },
    ],
  },
  {
    title: "Sources",
    tabs: [
      { breakdown: "InitialChannelType", label: "Channel" },
      { breakdown: "InitialReferringDomain", label: "Referring domain" },
    ],
  },
  {
    title: "Campaigns",
    tabs: [
      { breakdown: "InitialUTMSource", label: "UTM source" },
      { breakdown: "InitialUTMMedium", label: "UTM medium" },
      { breakdown: "InitialUTMCampaign", label: "UTM campaign" },
    ],
  },
  {
    title: "Devices",
    tabs: [
      { breakdown: "DeviceType", label: "Device type" },
      { breakdown: "Browser", label: "Browser" },
      { breakdown: "OS", label: "OS" },
    ],
  },
  { title: "Places", tabs: [{ breakdown: "Country", label: "Country" }] },
  { title: "Screens", tabs: [{ breakdown: "Viewport", label: "Screen size" }] },
];
