import { expect } from "@playwright/test";
import { setTxtRecord } from "../tests/support/dns";
import { expectAccessible, hydrating, inviteWithApi, newAccount, PASSWORD, signUpWithApi, test, uniqueEmail } from "./support";

const uniqueDomain = () => `shop-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}.example.com`;

test("an admin adds a domain, sees its TXT record, fails to verify it before publishing, then verifies it and sets it up", async ({
  page,
}) => {
  const owner = newAccount("Dora", "Dora's Domains");
  await signUpWithApi(page.request, owner);
  const domain = uniqueDomain();
  await page.goto("/organization/domains");
  await expect(page.getByText("No domains yet.")).toBeVisible();
  await expectAccessible(page, "domains, empty");

  await page.getByRole("button", { name: "Add domain" }).click();
  const add = page.getByRole("dialog");
  await add.getByLabel("Domain").fill("not a domain");
  await add.getByRole("button", { name: "Add domain" }).click();
  await expect(add.getByLabel("Domain")).toHaveAccessibleDescription("Please enter a valid domain or subdomain name.");
  await add.getByLabel("Domain").fill(domain);
  await add.getByRole("button", { name: "Add domain" }).click();

  // Adding leads straight to the verify dialog: numbered steps, the record's name and value, each copyable.
  const verify = page.getByRole("dialog");
  await expect(verify.getByRole("heading", { name: `Verify ${domain}` })).toBeVisible();
  const recordName = `_hedgerow-challenge.${domain}`;
  await expect(verify.getByRole("listitem")).toHaveCount(3);
  await expect(verify.locator("code").first()).toHaveText(recordName);
  const challenge = (await verify.locator("code").nth(1).textContent())!;
  expect(challenge).toMatch(/^[A-Za-z0-9_-]{43}$/);
  await expect(verify.getByRole("button", { name: "Copy record name" })).toBeVisible();
  await expect(verify.getByRole("button", { name: "Copy record value" })).toBeVisible();
  await expectAccessible(page, "verify dialog");

  // Not published yet: the result says so, and the domain stays pending.
  await verify.getByRole("button", { name: "Verify", exact: true }).click();
  await expect(verify.getByRole("status")).toContainText(`Not verified yet: no TXT record at ${recordName} holds this value.`);
  await verify.getByRole("button", { name: "Cancel" }).click();
  const row = page.getByRole("row", { name: new RegExp(domain.replaceAll(".", "\\.")) });
  await expect(row.getByTestId("domain-status")).toHaveText("Pending verification");
  const jit = row.getByRole("switch", { name: `Automatic provisioning for ${domain}` });
  await expect(jit).toBeDisabled();
  await jit.hover({ force: true });
  await expect(page.getByRole("tooltip")).toHaveText(/^Verify the domain first/);
  await expect(row.getByRole("combobox", { name: `Enforce SSO for ${domain}` })).toBeDisabled();

  // Published on the loopback DNS server the app resolves with: verifying now succeeds.
  setTxtRecord(process.env.E2E_DNS_RECORDS!, recordName, [challenge]);
  await row.getByRole("button", { name: `Verify ${domain}` }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Verify", exact: true }).click();
  await expect(page.getByRole("dialog").getByRole("heading", { name: `${domain} is verified` })).toBeVisible();
  await page.getByRole("dialog").getByRole("button", { name: "Done" }).click();
  await expect(row.getByTestId("domain-status")).toHaveText("Verified");
  await expect(row.getByRole("button", { name: `Verify ${domain}` })).toHaveCount(0);
  await expectAccessible(page, "domains, verified");

  await expect(jit).toBeEnabled();
  await jit.click();
  await expect(jit).toBeChecked();
  await row.getByRole("button", { name: `SAML settings of ${domain}` }).click();
  const saml = page.getByRole("dialog");
  await saml.getByLabel("Entity ID").fill("https://idp.example.com/entity");
  await saml.getByLabel("ACS URL").fill("https://idp.example.com/acs");
  await saml.getByLabel("X.509 certificate").fill("-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----");
  await saml.getByRole("button", { name: "Save SAML settings" }).click();
  await expect(row).toContainText("Set up");
  await row.getByRole("combobox", { name: `Enforce SSO for ${domain}` }).click();
  await page.getByRole("option", { name: "SAML" }).click();
  await expect(row.getByRole("combobox", { name: `Enforce SSO for ${domain}` })).toHaveText("SAML");
  const [saved] = (await (await page.request.get("/api/organizations/@current/domains/")).json()).results;
  expect(saved).toMatchObject({ domain, is_verified: true, jit_provisioning_enabled: true, sso_enforcement: "saml", has_saml: true });

  await row.getByRole("button", { name: `Remove ${domain}` }).click();
  const warning = page.getByRole("alertdialog");
  await expect(warning).toContainText("This cannot be undone.");
  await warning.getByRole("button", { name: "Remove domain" }).click();
  await expect(page.getByText(`${domain} was removed.`)).toBeVisible();
  await expect(page.getByText("No domains yet.")).toBeVisible();
});

test("a member sees the domains but every change is disabled with the reason", async ({ page, browser }) => {
  const owner = newAccount("Eli", "Eli's Estates");
  const { organization } = await signUpWithApi(page.request, owner);
  await page.goto("/");
  const domain = uniqueDomain();
  expect(
    (
      await page.request.post("/api/organizations/@current/domains/", { data: { domain }, headers: { origin: new URL(page.url()).origin } })
    ).status(),
  ).toBe(201);
  const invite = await inviteWithApi(page, organization.id, uniqueEmail("mel"), 1);
  const context = await browser.newContext();
  const member = hydrating(await context.newPage());
  expect((await member.request.post(`/api/signup/${invite.id}/`, { data: { first_name: "Mel", password: PASSWORD } })).ok()).toBe(true);

  await member.goto("/organization/domains");
  const row = member.getByRole("row", { name: new RegExp(domain.replaceAll(".", "\\.")) });
  await expect(row.getByTestId("domain-status")).toHaveText("Pending verification");
  await expect(member.getByRole("button", { name: "Add domain" })).toBeDisabled();
  for (const control of [row.getByRole("button", { name: `Verify ${domain}` }), row.getByRole("button", { name: `Remove ${domain}` })])
    await expect(control).toBeDisabled();
  await row.getByRole("button", { name: `Remove ${domain}` }).hover({ force: true });
  await expect(member.getByRole("tooltip")).toHaveText("Only administrators and owners can manage domains.");
  await context.close();
});
