import { ConfigProblem } from "../transformations/kinds";

/**
 * Where a destination sends: an http(s) URL (the destination guard checks its host when connecting). A URL with
 * credentials or a fragment is refused: they would not be sent as the user meant.
 */
export function targetUrl(value: unknown, key: string, defaultProtocol?: "https:"): URL {
  const text = typeof value === "string" ? value.trim() : "";
  let url: URL;
  try {
    url = new URL(defaultProtocol && !/^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? `https://${text}` : text);
  } catch {
    throw new ConfigProblem(key, "Enter a valid URL.");
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") throw new ConfigProblem(key, "Only http:// and https:// URLs are supported.");
  if (url.username || url.password) throw new ConfigProblem(key, "Put credentials in headers, not in the URL.");
  url.hash = "";
  return url;
}
