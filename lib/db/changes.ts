/**
 * Whether an UPDATE's values set anything. Drizzle leaves undefined values out and refuses an empty SET ("No values
 * to set"), while a PATCH of `{}` or of unknown fields only must answer the resource unchanged (DRF's partial update).
 */
export const hasChanges = (values: Record<string, unknown>): boolean => Object.values(values).some((value) => value !== undefined);
