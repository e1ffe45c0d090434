import { expect, type Page } from "@playwright/test";
import { compactFilters, filtersFromSearchParams, type LegacyFilters } from "../lib/insights/builder/url-state";
import { sameOrigin } from "./support";

/** The builder's filter as the page's URL holds it: exactly what the page posts to the analysis endpoint. */
export const filtersInUrl = (page: Page): LegacyFilters => compactFilters(filtersFromSearchParams(new URL(page.url()).searchParams));

/** What the API answers for the filter the page shows, posted as the page posts it. */
export async function analysisOfPage<R>(page: Page, endpoint: "trend" | "funnel" | "retention" | "path", projectId: number): Promise<R> {
  const response = await page.request.post(`/api/projects/${projectId}/insights/${endpoint}/`, {
    data: filtersInUrl(page),
    headers: sameOrigin(page),
  });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { result: R }).result;
}

/** Waits until the page's URL holds `key` (a change has been pushed) and the result panel is idle again. */
export async function settled(page: Page, key?: RegExp) {
  if (key) await expect(page).toHaveURL(key);
  await expect(page.locator("[aria-busy=true]")).toHaveCount(0);
}

/**
 * Retries `check` until the view has redrawn for the URL's filter (the URL changes before the new result arrives),
 * then waits for the page to be idle again: a change that leaves the numbers as they were matches before its
 * recomputation ends.
 */
export async function untilMatchesApi<T>(page: Page, check: () => Promise<T>): Promise<T> {
  await settled(page);
  let result: T | undefined;
  await expect(async () => {
    result = await check();
  }).toPass({ timeout: 15_000 });
  await settled(page);
  return result as T;
}
