/** IANA time zone names a project may use: the runtime's list, plus `UTC` which it names `Etc/UTC` or omits. */
export const TIMEZONES = [...new Set(["UTC", ...Intl.supportedValuesOf("timeZone")])].sort() as [string, ...string[]];

export const DEFAULT_TIMEZONE = "UTC";
