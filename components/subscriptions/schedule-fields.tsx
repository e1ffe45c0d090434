import { type Control, Controller } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { FormChoice } from "@/components/ui/form-choice";
import { WEEKDAYS } from "@/lib/subscriptions/schemas";
import { FREQUENCY_LABELS, type SubscriptionFormInput } from "./subscription-form";

const capitalized = (day: string) => day[0].toUpperCase() + day.slice(1);

/** "Every [2] [Weeks]": the period of the schedule. */
export function FrequencyChoice({ control }: { control: Control<SubscriptionFormInput> }) {
  return <FormChoice control={control} name="frequency" id="subscription-frequency" label="Period" options={FREQUENCY_LABELS} />;
}

/** The days of a weekly schedule, each a toggle button. */
export function WeekdayToggles({ control, error }: { control: Control<SubscriptionFormInput>; error?: string }) {
  return (
    <Controller
      control={control}
      name="byweekday"
      render={({ field }) => (
        <fieldset className="grid gap-2" aria-describedby={error ? "subscription-days-error" : undefined}>
          <legend className="mb-2 text-sm font-medium">On</legend>
          <div className="flex flex-wrap gap-1">
            {WEEKDAYS.map((day) => {
              const on = field.value.includes(day);
              return (
                <Button
                  key={day}
                  type="button"
                  size="sm"
                  variant={on ? "default" : "outline"}
                  aria-pressed={on}
                  aria-label={capitalized(day)}
                  onClick={() => field.onChange(on ? field.value.filter((d) => d !== day) : [...field.value, day])}
                >
                  {capitalized(day).slice(0, 3)}
                </Button>
              );
            })}
          </div>
          {error && (
            <p id="subscription-days-error" className="text-sm text-destructive">
              {error}
            </p>
          )}
        </fieldset>
      )}
    />
  );
}
