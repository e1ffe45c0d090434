import { type Control, Controller } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { WEEKDAYS } from "@/lib/subscriptions/schemas";
import { FREQUENCY_LABELS, type SubscriptionFormInput } from "./subscription-form";

const capitalized = (day: string) => day[0].toUpperCase() + day.slice(1);

/** "Every [2] [Weeks]": the period of the schedule. */
export function FrequencyChoice({ control }: { control: Control<SubscriptionFormInput> }) {
  return (
    <Controller
      control={control}
      name="frequency"
      render={({ field }) => (
        <div className="grid gap-2">
          <Label htmlFor="subscription-frequency">Period</Label>
          <Select value={field.value} onValueChange={field.onChange}>
            <SelectTrigger id="subscription-frequency" className="w-full">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {Object.entries(FREQUENCY_LABELS).map(([value, text]) => (
                <SelectItem key={value} value={value}>
                  {text}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
      )}
    />
  );
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
