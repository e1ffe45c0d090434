import { describe, expect, test } from "vitest";
import { configFormDefaults, configFormSchema, configToSave } from "./config-form";
import { SECRET_FIELD_VALUE } from "./secret";

const schema = [
  { type: "markdown", markdown: "Read me" },
  { key: "site", name: "Site", type: "string", required: true, default: "main" },
  { key: "token", name: "Token", type: "string", required: true, secret: true },
  { key: "host", name: "Host", type: "choice", choices: ["a", "b"] },
];

describe("an app's settings form", () => {
  test("starts from stored values or defaults, secrets always empty", () => {
    expect(configFormDefaults(schema, undefined, false)).toEqual({ enabled: false, config: { site: "main", token: "", host: "" } });
    expect(configFormDefaults(schema, { site: "s", token: SECRET_FIELD_VALUE, host: "b" }, true)).toEqual({
      enabled: true,
      config: { site: "s", token: "", host: "b" },
    });
  });

  test("required fields are needed when enabled, a saved secret counts as filled", () => {
    const fresh = configFormSchema(schema, undefined);
    expect(fresh.safeParse({ enabled: false, config: { site: "", token: "", host: "" } }).success).toBe(true);
    const refused = fresh.safeParse({ enabled: true, config: { site: "x", token: "", host: "" } });
    expect(refused.error?.issues.map((i) => i.path.join("."))).toEqual(["config.token"]);
    expect(
      configFormSchema(schema, { token: SECRET_FIELD_VALUE }).safeParse({ enabled: true, config: { site: "x", token: "", host: "" } })
        .success,
    ).toBe(true);
  });

  test("an empty secret is not sent, so the stored one stays", () => {
    expect(configToSave(schema, { site: "x", token: "", host: "a" })).toEqual({ site: "x", host: "a" });
    expect(configToSave(schema, { site: "x", token: "new", host: "a" })).toEqual({ site: "x", token: "new", host: "a" });
  });
});
