import { expect, test } from "vitest";
import { inviteAcceptUrl, inviteEmail } from "./invite";

const input = {
  inviteId: "0b9c2f7e-1b51-4a53-9b8e-2f1c1f0e6a11",
  targetEmail: "ada@example.com",
  firstName: "Ada",
  organizationName: "Hedge & Co",
  inviterName: "Grace",
  message: "<b>Welcome</b>",
  origin: "https://hedgerow.example.com/",
};

test("the accept link is the signup page of the invite, on the given origin", () => {
  expect(inviteAcceptUrl("https://hedgerow.example.com/", input.inviteId)).toBe(`https://hedgerow.example.com/signup/${input.inviteId}`);
});

test("the invite email names the inviter and organization, quotes the message and links to the accept page", () => {
  const email = inviteEmail(input);
  expect(email.to).toBe("ada@example.com");
  expect(email.subject).toBe("Grace invited you to join Hedge & Co on Hedgerow");
  expect(email.text).toContain(`https://hedgerow.example.com/signup/${input.inviteId}`);
  expect(email.text).toContain('Grace wrote: "<b>Welcome</b>"');
  expect(email.html).toContain("Hedge &amp; Co");
  expect(email.html).toContain("&lt;b&gt;Welcome&lt;/b&gt;");
  expect(email.html).not.toContain("<b>Welcome</b>");
});

test("without a name or message the email still reads well", () => {
  const email = inviteEmail({ ...input, firstName: "", inviterName: null, message: null });
  expect(email.text.startsWith("Hi,\n\nSomeone invited you to join Hedge & Co on Hedgerow.")).toBe(true);
  expect(email.text).not.toContain("wrote");
});
