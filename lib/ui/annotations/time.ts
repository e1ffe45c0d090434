// Annotations are instants; charts and forms speak the project's wall time (a trend's buckets start at its midnights).

const partsFormat = (timeZone: string) =>
  new Intl.DateTimeFormat("en-CA", {
    timeZone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
    hourCycle: "h23",
  });

/** The wall time an instant shows in `timeZone`, as `YYYY-MM-DD HH:mm:ss` (the trend API's bucket format). */
export function wallTime(instant: Date, timeZone: string): string {
  const parts = Object.fromEntries(
    partsFormat(timeZone)
      .formatToParts(instant)
      .map((part) => [part.type, part.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}:${parts.second}`;
}

/** A wall time (`YYYY-MM-DD`, `YYYY-MM-DD HH:mm[:ss]` or with `T`) read as if it were UTC, in milliseconds. */
const asUtc = (wall: string) => {
  const [date, time = "00:00:00"] = wall.replace("T", " ").split(" ");
  return Date.parse(`${date}T${time.length === 5 ? `${time}:00` : time}Z`);
};

/** The instant whose wall time in `timeZone` is `wall` (a gap's time moves forward, as clocks do). */
export function instantOfWallTime(wall: string, timeZone: string): Date {
  const target = asUtc(wall);
  let guess = target;
  for (let step = 0; step < 2; step++) guess = target - (asUtc(wallTime(new Date(guess), timeZone)) - guess);
  return new Date(guess);
}

/** The start of the bucket after one starting at `wall`. */
function nextBucket(wall: string, interval: string): number {
  const start = new Date(asUtc(wall));
  if (interval === "minute") return start.getTime() + 60_000;
  if (interval === "hour") return start.getTime() + 3_600_000;
  if (interval === "week") return start.getTime() + 7 * 86_400_000;
  if (interval === "month") return Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + 1, 1);
  return start.getTime() + 86_400_000;
}

/** The bucket of `days` (their wall-time starts, ascending) a wall time falls in, or null outside them all. */
export function bucketOf(days: readonly string[], wall: string, interval: string): number | null {
  if (!days.length) return null;
  const at = asUtc(wall);
  if (at < asUtc(days[0]) || at >= nextBucket(days.at(-1)!, interval)) return null;
  let index = 0;
  while (index + 1 < days.length && asUtc(days[index + 1]) <= at) index++;
  return index;
}

/** The instants the buckets of `days` cover in `timeZone`: from the first's start to the last's end. */
export function bucketsRange(days: readonly string[], interval: string, timeZone: string): { from: string; to: string } {
  const end = new Date(nextBucket(days.at(-1)!, interval)).toISOString().slice(0, 19);
  return { from: instantOfWallTime(days[0], timeZone).toISOString(), to: instantOfWallTime(end, timeZone).toISOString() };
}

/** A wall time as a `datetime-local` input shows it (`YYYY-MM-DDTHH:mm`). */
export const inputWallTime = (wall: string) => new Date(asUtc(wall)).toISOString().slice(0, 16);
