"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from "react";
import { useForm, useWatch, type DefaultValues, type Path, type UseFormReturn } from "react-hook-form";
import type { z } from "zod";
import { Button } from "@/components/ui/button";
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { FormAlert } from "@/components/ui/field";
import { applyApiError } from "@/lib/ui/forms";

type ObjectSchema = z.ZodObject;

export interface FormDialogProps<S extends ObjectSchema> {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  /** Checks the values before they are sent; usually a `.pick()` of the API's own body schema. */
  schema: S;
  defaultValues: DefaultValues<z.input<S>>;
  /** The form paths an API error's `attr` may land on (default: the schema's keys); other errors show above the form. */
  fields?: readonly string[];
  /** Sends the values. A rejection is shown on the field the API names, or above the form. */
  onSubmit: (values: z.output<S>) => Promise<unknown>;
  submitLabel: string;
  pendingLabel: string;
  submitVariant?: "default" | "destructive";
  /** Whether the current values may be sent at all (a typed confirmation matching, say); the button waits until then. */
  canSubmit?: (values: z.input<S>) => boolean;
  /** Shown in place of the form once there is a result to show (a link to share, a key shown once). */
  outcome?: ReactNode;
  className?: string;
  children?: (form: UseFormReturn<z.input<S>, unknown, z.output<S>>) => ReactNode;
}

const FIELD_SELECTOR =
  ":is(input, textarea, select, [role=checkbox], [role=combobox]):not(:disabled, [type=hidden], [aria-hidden=true], [tabindex='-1'])";
const FOCUSABLE_SELECTOR = "a[href], button:not(:disabled), input:not(:disabled), textarea:not(:disabled), [tabindex]:not([tabindex='-1'])";

/**
 * A dialog around one form: react-hook-form with the zod schema, the pending and failure states, and the API's
 * PostHog-style errors (`{type, code, detail, attr}`) shown on the field `attr` names or above the form.
 * Enter submits, Escape closes; focus starts on the first field and moves to the first invalid one on an error.
 * The form lives inside the dialog's content, so every opening starts from `defaultValues`.
 */
export function FormDialog<S extends ObjectSchema>({ open, onOpenChange, className, outcome, ...form }: FormDialogProps<S>) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className={className}>{outcome ? <Outcome>{outcome}</Outcome> : <DialogForm {...form} />}</DialogContent>
    </Dialog>
  );
}

function DialogForm<S extends ObjectSchema>({
  title,
  description,
  schema,
  defaultValues,
  fields,
  onSubmit,
  submitLabel,
  pendingLabel,
  submitVariant = "default",
  canSubmit,
  children,
}: Omit<FormDialogProps<S>, "open" | "onOpenChange" | "outcome" | "className">) {
  const form = useForm<z.input<S>, unknown, z.output<S>>({
    // The resolver's generics cannot follow a generic schema; the form's own types above are what it produces.
    resolver: zodResolver(schema as never) as never,
    defaultValues,
    // Focus follows the page's order (see focusFirstInvalid), which also covers controls react-hook-form has no ref to.
    shouldFocusError: false,
  });
  const formRef = useRef<HTMLFormElement>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [focusRequest, setFocusRequest] = useState(0);
  const values = useWatch({ control: form.control }) as z.input<S>;
  const { isSubmitting } = form.formState;

  // A form without fields (a confirmation) starts on its submit button, so Enter confirms there too.
  useEffect(() => {
    formRef.current?.querySelector<HTMLElement>(`${FIELD_SELECTOR}, [type=submit]`)?.focus();
  }, []);
  useEffect(() => {
    const form = formRef.current;
    if (!focusRequest || !form) return;
    // After the next paint: react-hook-form may deliver the errors a render after the request (field arrays do).
    const frame = requestAnimationFrame(() => focusFirstInvalid(form));
    return () => cancelAnimationFrame(frame);
  }, [focusRequest]);

  const submit = form.handleSubmit(
    async (valid) => {
      setFailure(null);
      try {
        await onSubmit(valid);
      } catch (error) {
        setFailure(applyApiError(form, error, (fields ?? Object.keys(schema.shape)) as Path<z.input<S>>[]));
        setFocusRequest((n) => n + 1);
      }
    },
    () => setFocusRequest((n) => n + 1),
  );

  return (
    <form ref={formRef} onSubmit={submit} onKeyDown={submitFromCheckbox} className="grid gap-4" noValidate>
      <DialogHeader>
        <DialogTitle>{title}</DialogTitle>
        {description && <DialogDescription>{description}</DialogDescription>}
      </DialogHeader>
      <FormAlert tabIndex={-1} className="outline-none">
        {failure}
      </FormAlert>
      {children?.(form)}
      <DialogFooter>
        <DialogClose asChild>
          <Button type="button" variant="outline">
            Cancel
          </Button>
        </DialogClose>
        <Button type="submit" variant={submitVariant} disabled={isSubmitting || (canSubmit && !canSubmit(values))}>
          {isSubmitting ? pendingLabel : submitLabel}
        </Button>
      </DialogFooter>
    </form>
  );
}

/** Moves focus into what replaced the form (its copy button, say), since the control that had it is gone. */
function Outcome({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    ref.current?.querySelector<HTMLElement>(FOCUSABLE_SELECTOR)?.focus();
  }, []);
  return (
    <div ref={ref} className="grid gap-4">
      {children}
    </div>
  );
}

/** The first invalid control, or the first control inside an invalid group; the form-level message when none is. */
function focusFirstInvalid(form: HTMLFormElement) {
  const invalid = form.querySelector<HTMLElement>("[aria-invalid=true]");
  const target = invalid?.matches(FIELD_SELECTOR)
    ? invalid
    : (invalid?.querySelector<HTMLElement>(FIELD_SELECTOR) ?? form.querySelector<HTMLElement>("[role=alert]"));
  target?.focus();
}

/** Text inputs submit on Enter natively; Radix checkboxes swallow it (as ARIA has it), so submit from them here. */
function submitFromCheckbox(event: KeyboardEvent<HTMLFormElement>) {
  if (event.key !== "Enter" || event.nativeEvent.isComposing) return;
  if ((event.target as HTMLElement).getAttribute("role") !== "checkbox") return;
  event.preventDefault();
  event.currentTarget.requestSubmit();
}
