import { request } from "undici";
import { config } from "@/lib/config";
import { canSendEmail, sendEmail, type OutgoingEmail } from "@/lib/email/transport";
import { destinationDispatcher } from "@/lib/net/destination-guard";
import { escapeHtml } from "@/lib/email/html";

const WEBHOOK_TIMEOUT_MS = 10_000;

/** What a notification says: the alert, its insight (with a link when the site URL is known) and the check. */
export interface AlertNotice {
  alert: { id: string; name: string };
  insight: { id: number; short_id: string; name: string | null };
  projectId: number;
  state: "Firing" | "Not firing";
  value: number | null;
  checkedAt: Date;
}

const insightUrl = (notice: AlertNotice) =>
  config.siteUrl ? `${config.siteUrl.replace(/\/+$/, "")}/project/${notice.projectId}/insights/${notice.insight.short_id}` : null;

function alertEmail(to: string, notice: AlertNotice): OutgoingEmail {
  const name = notice.alert.name || "Untitled alert";
  const insight = notice.insight.name || notice.insight.short_id;
  const headline = notice.state === "Firing" ? `Alert "${name}" is firing` : `Alert "${name}" is resolved`;
  const value = `The value checked on ${insight} is ${notice.value ?? "not available"} (${notice.checkedAt.toISOString()}).`;
  const url = insightUrl(notice);
  return {
    to,
    subject: `${headline} — ${insight}`,
    text: [headline, value, url ? `See the insight: ${url}` : null].filter(Boolean).join("\n\n") + "\n",
    html: [
      `<p><strong>${escapeHtml(headline)}</strong></p>`,
      `<p>${escapeHtml(value)}</p>`,
      url ? `<p><a href="${escapeHtml(url)}">See the insight</a></p>` : "",
    ].join("\n"),
  };
}

/** E-mails each address (when the instance has SMTP); answers those reached and the failures, which do not stop the others. */
export async function emailAlert(addresses: string[], notice: AlertNotice) {
  if (!canSendEmail() || !addresses.length) return {};
  const sent: string[] = [];
  const failed: string[] = [];
  for (const address of addresses)
    await sendEmail(alertEmail(address, notice)).then(
      () => sent.push(address),
      (error: unknown) => {
        console.warn(`[alerts] e-mail to ${address} failed:`, error);
        failed.push(address);
      },
    );
  return { email: sent, ...(failed.length ? { email_failed: failed } : {}) };
}

/** POSTs the notice as JSON through the destination guard (public addresses only, unless admitted): the status, or the failure. */
export async function postAlertWebhook(url: string, notice: AlertNotice) {
  const body = JSON.stringify({
    alert: notice.alert,
    insight: { ...notice.insight, url: insightUrl(notice) },
    project_id: notice.projectId,
    state: notice.state,
    calculated_value: notice.value,
    checked_at: notice.checkedAt.toISOString(),
  });
  try {
    const response = await request(url, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body,
      signal: AbortSignal.timeout(WEBHOOK_TIMEOUT_MS),
      dispatcher: destinationDispatcher(),
    });
    await response.body.dump();
    return { webhook: response.statusCode };
  } catch (error) {
    console.warn(`[alerts] webhook POST failed:`, error);
    return { webhook: "unreachable" };
  }
}
