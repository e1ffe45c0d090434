"use client";

import { useMutation } from "@tanstack/react-query";
import { Controller } from "react-hook-form";
import { z } from "zod";
import { FormDialog } from "@/components/form-dialog";
import { Field, fieldMessageId } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { type AnnotationScope, MAX_ANNOTATION_CONTENT } from "@/lib/annotations/schemas";
import { createAnnotationMutation, updateAnnotationMutation } from "@/lib/ui/annotations/mutations";
import type { TAnnotation } from "@/lib/ui/annotations/queries";
import { instantOfWallTime } from "@/lib/ui/annotations/time";
import { fieldErrorText } from "@/lib/ui/forms";
import { toast } from "@/lib/ui/toast";

/** Where a new annotation may belong from where it is made: an insight or a dashboard offers its own scope. */
export interface AnnotationPlace {
  insightId?: number | null;
  dashboardId?: number | null;
}

export const SCOPE_LABELS: Record<AnnotationScope, string> = {
  dashboard_item: "This insight",
  dashboard: "This dashboard",
  project: "This project",
  organization: "Every project of the organization",
};

const ZAnnotationForm = z.object({
  content: z.string().trim().min(1, "Write what happened.").max(MAX_ANNOTATION_CONTENT),
  date_marker: z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/, "Pick a date and time."),
  scope: z.enum(["dashboard_item", "dashboard", "project", "organization"]),
});

/**
 * Creates an annotation (`annotation` unset) or edits one. The date is the project's wall time (`timeZone`), as
 * charts show it; `defaultDate` (`YYYY-MM-DDTHH:mm`) is the clicked point's when made from a chart.
 */
export function AnnotationDialog({
  projectId,
  timeZone,
  open,
  onOpenChange,
  annotation,
  defaultDate,
  place = {},
}: {
  projectId: number;
  timeZone: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  annotation?: TAnnotation;
  defaultDate?: string;
  place?: AnnotationPlace;
}) {
  const create = useMutation(createAnnotationMutation(projectId));
  const update = useMutation(updateAnnotationMutation(projectId, annotation?.id ?? 0));
  const scopes: AnnotationScope[] = [
    ...(place.insightId || annotation?.scope === "dashboard_item" ? (["dashboard_item"] as const) : []),
    ...(place.dashboardId || annotation?.scope === "dashboard" ? (["dashboard"] as const) : []),
    "project",
    "organization",
  ];
  const submit = async ({ content, date_marker, scope }: z.output<typeof ZAnnotationForm>) => {
    const body = { content, scope, date_marker: instantOfWallTime(date_marker, timeZone).toISOString() };
    if (annotation) await update.mutateAsync(body);
    else
      await create.mutateAsync({
        ...body,
        dashboard_item: scope === "dashboard_item" ? (place.insightId ?? null) : null,
        dashboard_id: scope === "dashboard" ? (place.dashboardId ?? null) : null,
      });
    toast.success(annotation ? "The annotation was saved." : "The annotation was added.");
    onOpenChange(false);
  };
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={annotation ? "Edit annotation" : "New annotation"}
      description={`A note on charts at a date (in the project's time zone, ${timeZone}).`}
      schema={ZAnnotationForm}
      defaultValues={{
        content: annotation?.content ?? "",
        date_marker: defaultDate ?? "",
        scope: annotation?.scope ?? (place.insightId ? "dashboard_item" : place.dashboardId ? "dashboard" : "project"),
      }}
      onSubmit={submit}
      submitLabel={annotation ? "Save" : "Add annotation"}
      pendingLabel="Saving…"
    >
      {({ register, control, formState: { errors } }) => (
        <>
          <Field label="Note" htmlFor="annotation-content" error={fieldErrorText(errors.content)}>
            <Input
              id="annotation-content"
              placeholder="Launched the new pricing page"
              maxLength={MAX_ANNOTATION_CONTENT}
              aria-invalid={!!errors.content}
              aria-describedby={fieldMessageId("annotation-content")}
              {...register("content")}
            />
          </Field>
          <Field label="Date and time" htmlFor="annotation-date" error={fieldErrorText(errors.date_marker)}>
            <Input
              id="annotation-date"
              type="datetime-local"
              aria-invalid={!!errors.date_marker}
              aria-describedby={fieldMessageId("annotation-date")}
              {...register("date_marker")}
            />
          </Field>
          <Field label="Shown on" htmlFor="annotation-scope" error={fieldErrorText(errors.scope)}>
            <Controller
              control={control}
              name="scope"
              render={({ field }) => (
                <Select value={field.value} onValueChange={field.onChange}>
                  <SelectTrigger id="annotation-scope" aria-describedby={fieldMessageId("annotation-scope")}>
                    <SelectValue />
                  </SelectTrigger>
                  <SelectContent>
                    {scopes.map((scope) => (
                      <SelectItem key={scope} value={scope}>
                        {SCOPE_LABELS[scope]}
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
              )}
            />
          </Field>
        </>
      )}
    </FormDialog>
  );
}
