// The operator CLI: `npm run hedgerow -- <command> [options]`. It uses the app's own services on the configured
// database (DATABASE_URL, or the PGlite files in HEDGEROW_DATA_DIR, which a running server must not hold).
import { parseArgs } from "node:util";
import { z } from "zod";
import { ZApiKeyCreate } from "@/lib/api-keys/schemas";
import { createApiKey } from "@/lib/api-keys/service";
import { ApiError, fromZodError } from "@/lib/api/errors";
import { eq, or } from "drizzle-orm";
import { closeDb, getDb } from "@/lib/db/client";
import { organizations, projects, users } from "@/lib/db/schema";
import { closeEventStore } from "@/lib/events/store/open";
import { importEvents } from "@/lib/import/import";
import { progressReporter } from "@/lib/import/progress";
import { PLUGINS_ACCESS_LEVELS } from "@/lib/plugins/access";
import { ZOrganizationCreate } from "@/lib/organizations/schemas";
import { bootstrapOrganization } from "@/lib/organizations/service";
import { addKeyToFile } from "@/lib/secrets/keyring";
import { resealStoredSecrets } from "@/lib/secrets/reseal";
import { applyPrivateUmask } from "@/lib/server/private-files";
import { ZSignup } from "@/lib/users/schemas";
import { findUserByEmail, insertUser } from "@/lib/users/accounts";

interface Command {
  usage: string;
  description: string;
  options: Record<string, { type: "string"; required?: boolean }>;
  /** The name of its positional arguments in the usage (they are required); none when absent. */
  positionals?: string;
  run: (values: Record<string, string | undefined>, positionals: string[]) => Promise<void>;
}

const ZNewUser = ZSignup.pick({ email: true, password: true, first_name: true });

/** Validates as the API does, so the CLI refuses what the API would, with the same messages. */
function parse<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const parsed = schema.safeParse(input, { reportInput: true });
  if (!parsed.success) throw fromZodError(parsed.error);
  return parsed.data;
}

/** A project by its id or its API token (`phc_…`). */
async function projectByIdOrToken(value: string) {
  const db = await getDb();
  const id = /^\d{1,9}$/.test(value) ? Number(value) : -1;
  const [project] = await db
    .select({ id: projects.id, name: projects.name })
    .from(projects)
    .where(or(eq(projects.id, id), eq(projects.apiToken, value)));
  if (!project) throw new CliError(`No project with the id or API token ${value}.`);
  return project;
}

async function userByEmail(email: string) {
  const user = await findUserByEmail(await getDb(), email);
  if (!user) throw new CliError(`No user with the email ${email}.`);
  return user;
}

const commands: Record<string, Command> = {
  "create-user": {
    usage: "create-user --email EMAIL --password PASSWORD [--first-name NAME]",
    description: "Create a user who can sign in (no organization: add one with create-organization).",
    options: { email: { type: "string", required: true }, password: { type: "string", required: true }, "first-name": { type: "string" } },
    async run(values) {
      const input = parse(ZNewUser, {
        email: values.email,
        password: values.password,
        first_name: values["first-name"] ?? values.email!.split("@")[0],
      });
      const db = await getDb();
      const user = await db.transaction((tx) =>
        insertUser(tx, { email: input.email, password: input.password, firstName: input.first_name, isEmailVerified: true }),
      );
      console.log(`Created user ${user.email} (id ${user.id}).`);
    },
  },
  "create-organization": {
    usage: "create-organization --name NAME --owner EMAIL",
    description: "Create an organization with its default project, owned by an existing user.",
    options: { name: { type: "string", required: true }, owner: { type: "string", required: true } },
    async run(values) {
      const input = parse(ZOrganizationCreate, { name: values.name });
      const owner = await userByEmail(values.owner!);
      const db = await getDb();
      const { organization, project } = await db.transaction((tx) => bootstrapOrganization(tx, owner, input));
      console.log(`Created organization ${organization.name} (id ${organization.id}, slug ${organization.slug}) owned by ${owner.email}.`);
      console.log(`Its project "${project.name}" has id ${project.id} and API token ${project.apiToken}.`);
    },
  },
  "create-api-key": {
    usage: "create-api-key --email EMAIL --label LABEL [--scopes SCOPE,SCOPE]",
    description: "Create a personal API key for a user (scopes default to *). The key is printed once, here only.",
    options: { email: { type: "string", required: true }, label: { type: "string", required: true }, scopes: { type: "string" } },
    async run(values) {
      const input = parse(ZApiKeyCreate, {
        label: values.label,
        scopes: (values.scopes ?? "*").split(",").map((scope) => scope.trim()),
      });
      const user = await userByEmail(values.email!);
      const key = await createApiKey({ user, apiKey: null }, input);
      console.log(`Created personal API key "${key.label}" (id ${key.id}) for ${user.email} with scopes ${key.scopes.join(", ")}.`);
      console.log("Copy it now, it will not be shown again:");
      console.log(key.value);
    },
  },
  "set-plugins-access-level": {
    usage: "set-plugins-access-level --organization ID --level 0|3|6|9",
    description:
      "What an organization may do with pipeline apps: 0 none, 3 see and set up (new organizations' default, HEDGEROW_PLUGINS_ACCESS_LEVEL), 6 also install, change and uninstall, 9 also global apps (for staff users).",
    options: { organization: { type: "string", required: true }, level: { type: "string", required: true } },
    async run(values) {
      const level = Number(values.level);
      if (!(PLUGINS_ACCESS_LEVELS as number[]).includes(level))
        throw new CliError(`--level: must be one of ${PLUGINS_ACCESS_LEVELS.join(", ")}.`);
      const db = await getDb();
      const [organization] = z.uuid().safeParse(values.organization).success
        ? await db.update(organizations).set({ pluginsAccessLevel: level }).where(eq(organizations.id, values.organization!)).returning()
        : [];
      if (!organization) throw new CliError(`No organization with the id ${values.organization}.`);
      console.log(`Organization ${organization.name} (id ${organization.id}) now has plugins access level ${level}.`);
    },
  },
  "set-staff": {
    usage: "set-staff --email EMAIL --staff true|false",
    description:
      "Make a user one of the instance's operators (staff: may make pipeline apps global, and the organizations they create may do anything with apps), or not. The first user to sign up is staff.",
    options: { email: { type: "string", required: true }, staff: { type: "string", required: true } },
    async run(values) {
      if (values.staff !== "true" && values.staff !== "false") throw new CliError("--staff: true or false.");
      const user = await userByEmail(values.email!);
      const db = await getDb();
      await db
        .update(users)
        .set({ isStaff: values.staff === "true" })
        .where(eq(users.id, user.id));
      console.log(`${user.email} is ${values.staff === "true" ? "now" : "no longer"} staff.`);
    },
  },
  "rotate-encryption-key": {
    usage: "rotate-encryption-key",
    description:
      "Put a new key on top of the data dir's encryption-keys file and seal every stored secret with it (older keys stay in the file, to open what a running server may still write). With HEDGEROW_ENCRYPTION_KEY set, rotate there instead.",
    options: {},
    async run() {
      const keyId = addKeyToFile();
      const sealed = await resealStoredSecrets(await getDb());
      console.log(
        `New encryption key ${keyId}: sealed again the secrets of ${sealed.batchExports} batch exports and ${sealed.pluginConfigs} app set-ups.`,
      );
    },
  },
  import: {
    usage: "import --project ID|TOKEN [--max-bad-rows N] FILE|DIR...",
    description:
      "Load PostHog-shaped events (JSON Lines, CSV or Parquet, optionally gzipped; a directory's files at any depth) into a project, with persons built as capture builds them. Re-running after an interruption continues: imported files are skipped and no event is stored twice.",
    options: { project: { type: "string", required: true }, "max-bad-rows": { type: "string" } },
    positionals: "FILE|DIR",
    async run(values, paths) {
      const maxReportedRows = Number(values["max-bad-rows"] ?? 20);
      if (!Number.isInteger(maxReportedRows) || maxReportedRows < 0 || maxReportedRows > 100_000)
        throw new CliError("--max-bad-rows: a whole number from 0 to 100000.");
      const project = await projectByIdOrToken(values.project!);
      const progress = progressReporter(process.stderr);
      console.log(`Importing into project ${project.name} (id ${project.id})…`);
      const result = await importEvents({
        projectId: project.id,
        paths,
        maxReportedRows,
        onProgress: progress.update,
        onBadRow: ({ file, row, reason }) => progress.note(`${file}:${row}: ${reason} (skipped)`),
      });
      const seconds = result.elapsedMs / 1000;
      console.log(
        `Imported ${result.events.toLocaleString("en-US")} events from ${result.files - result.skippedFiles} files in ${seconds.toFixed(1)} s ` +
          `(${Math.round(result.events / Math.max(seconds, 0.001)).toLocaleString("en-US")} events/s).` +
          (result.skippedFiles ? ` ${result.skippedFiles} files were imported before and were skipped.` : "") +
          (result.duplicates ? ` ${result.duplicates.toLocaleString("en-US")} events were already stored.` : "") +
          (result.dropped ? ` ${result.dropped.toLocaleString("en-US")} events were dropped by the project's apps.` : "") +
          (result.badRows
            ? ` ${result.badRows.toLocaleString("en-US")} bad rows skipped${result.badRows > maxReportedRows ? ` (the first ${maxReportedRows} shown)` : ""}.`
            : ""),
      );
    },
  },
};

class CliError extends Error {}

function help() {
  console.log("Usage: npm run hedgerow -- <command> [options]\n\nCommands:");
  for (const command of Object.values(commands)) console.log(`  ${command.usage}\n      ${command.description}`);
  console.log("  help\n      Show this help.");
  console.log("\nThe database is DATABASE_URL when set, otherwise the PGlite files in HEDGEROW_DATA_DIR (default .data).");
}

function describe(error: unknown): string {
  if (error instanceof ApiError) {
    // Field names in the API's terms, as the options are named.
    const option = error.attr ? `--${error.attr.replace(/_/g, "-").replace(/-{2}.*/, "")}: ` : "";
    return `${option}${error.detail}`;
  }
  return error instanceof Error ? error.message : String(error);
}

async function main(argv: string[]): Promise<number> {
  // What the command creates in the data dir (PGlite files, keys) is the user's only.
  applyPrivateUmask();
  const [name, ...rest] = argv;
  if (!name || name === "help" || name === "--help" || name === "-h") {
    help();
    return name ? 0 : 1;
  }
  const command = commands[name];
  if (!command) {
    console.error(`Unknown command: ${name}\n`);
    help();
    return 1;
  }
  try {
    const { values, positionals } = parseArgs({
      args: rest,
      options: command.options,
      strict: true,
      allowPositionals: Boolean(command.positionals),
    });
    const missing = Object.entries(command.options)
      .filter(([option, spec]) => spec.required && !values[option])
      .map(([option]) => `--${option}`);
    if (command.positionals && positionals.length === 0) missing.push(command.positionals);
    if (missing.length) throw new CliError(`Missing ${missing.join(", ")}. Usage: ${command.usage}`);
    await command.run(values as Record<string, string | undefined>, positionals);
    return 0;
  } catch (error) {
    console.error(`Error: ${describe(error)}`);
    return 1;
  } finally {
    await Promise.all([closeDb(), closeEventStore()]);
  }
}

process.exitCode = await main(process.argv.slice(2));
