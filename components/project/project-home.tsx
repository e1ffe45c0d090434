import { ChartLineIcon, FilterIcon, RepeatIcon } from "lucide-react";
import { CopyField } from "@/components/copy-button";
import { PageHeader } from "@/components/page-header";
import { CaptureSnippets } from "@/components/project/capture-snippets";
import { ProjectDashboard } from "@/components/project/project-dashboard";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import type { TOrganization } from "@/lib/ui/types";

type Project = TOrganization["teams"][number];

const NEXT_UP = [
  { icon: ChartLineIcon, title: "Trends", text: "How often events happen over time, broken down by any property." },
  { icon: FilterIcon, title: "Funnels", text: "How many people complete a sequence of steps, and where they drop off." },
  { icon: RepeatIcon, title: "Retention", text: "How many people come back after their first visit." },
];

/** A project's start page: its dashboard once events arrive; before that, how to send it events. */
export function ProjectHome({ project, organizationName, origin }: { project: Project; organizationName: string; origin: string }) {
  return (
    <>
      <PageHeader title={project.name} description={`A project of ${organizationName} · Time zone ${project.timezone}`} />
      <ProjectDashboard projectId={project.id} onboarding={<Onboarding project={project} origin={origin} />} />
    </>
  );
}

function Onboarding({ project, origin }: { project: Project; origin: string }) {
  return (
    <div className="grid gap-6">
      <Card>
        <CardHeader>
          <CardTitle>Project API key</CardTitle>
          <CardDescription>
            Your apps send events with this key. It can only write events, so it is safe to ship in web pages and mobile apps. Any PostHog
            client library works with Hedgerow.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <CopyField value={project.api_token} label="Copy project API key" />
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>Send your first event</CardTitle>
          <CardDescription>Point a PostHog library at this instance, or post events over HTTP from any language.</CardDescription>
        </CardHeader>
        <CardContent>
          <CaptureSnippets origin={origin} token={project.api_token} />
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>Next: insights</CardTitle>
          <CardDescription>Once events arrive, this project is where you analyse them.</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4 sm:grid-cols-3">
          {NEXT_UP.map(({ icon: Icon, title, text }) => (
            <div key={title} className="grid content-start gap-2 rounded-lg border p-4">
              <Icon className="size-5 text-primary" />
              <p className="font-medium">{title}</p>
              <p className="text-sm text-muted-foreground">{text}</p>
            </div>
          ))}
        </CardContent>
      </Card>
    </div>
  );
}
