import type { OutgoingEmail } from "./transport";
import { escapeHtml } from "./html";

export interface InviteEmailInput {
  inviteId: string;
  targetEmail: string;
  firstName: string;
  organizationName: string;
  inviterName: string | null;
  message: string | null;
  /** Where the app is reached, e.g. `https://hedgerow.example.com`. */
  origin: string;
}

/** The page where an invite is accepted (PostHog's `/signup/:invite_id`). */
export const inviteAcceptUrl = (origin: string, inviteId: string) => `${origin.replace(/\/+$/, "")}/signup/${inviteId}`;

export function inviteEmail(input: InviteEmailInput): OutgoingEmail {
  const url = inviteAcceptUrl(input.origin, input.inviteId);
  const inviter = input.inviterName || "Someone";
  const greeting = input.firstName ? `Hi ${input.firstName},` : "Hi,";
  const invitation = `${inviter} invited you to join ${input.organizationName} on Hedgerow.`;
  const note = input.message ? `${inviter} wrote: "${input.message}"` : null;
  const accept = "Accept the invite within 3 days:";
  return {
    to: input.targetEmail,
    subject: `${inviter} invited you to join ${input.organizationName} on Hedgerow`,
    text: [greeting, invitation, note, `${accept} ${url}`].filter(Boolean).join("\n\n") + "\n",
    html: [
      `<p>${escapeHtml(greeting)}</p>`,
      `<p>${escapeHtml(invitation)}</p>`,
      note ? `<blockquote>${escapeHtml(input.message!)}</blockquote>` : "",
      `<p>${escapeHtml(accept)} <a href="${escapeHtml(url)}">${escapeHtml(url)}</a></p>`,
    ].join("\n"),
  };
}
