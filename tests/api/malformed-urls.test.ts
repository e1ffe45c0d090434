import { request } from "node:http";
import { beforeAll, describe, expect, inject, test } from "vitest";
import { signUp } from "../support/api";

const baseUrl = inject("baseUrl");

interface RawResponse {
  status: number;
  contentType: string;
  text: string;
}

/** One request with the path exactly as given: fetch and URL would normalize or re-encode it. */
function sendRaw(method: string, path: string, headers: Record<string, string> = {}): Promise<RawResponse> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const req = request({ host: hostname, port, method, path, headers }, (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (text += chunk));
      res.on("end", () => resolve({ status: res.statusCode!, contentType: res.headers["content-type"] ?? "", text }));
    });
    req.on("error", reject);
    req.end();
  });
}

const overlongSegment = "9".repeat(300);

// Paths that cannot be decoded (a lone `%`, bad hex, an encoded lone surrogate, a truncated sequence) and paths
// that decode to nothing a resource could be named (a NUL, an overlong segment, an overlong path).
const undecodable = ["%", "%ZZ", "%ED%A0%80", "%C3"];
const namingNothing = ["%00", `a%00b`, overlongSegment];

const routeFamilies: Record<string, (segment: string) => string[]> = {
  api: (s) => [
    `/api/projects/${s}/actions/10/`,
    `/api/projects/1/actions/${s}/`,
    `/api/projects/${s}/actions/`,
    `/api/organizations/${s}/members/`,
    `/api/personal_api_keys/${s}/`,
    `/api/shared/${s}/`,
    `/api/signup/${s}/`,
    `/api/${s}/`,
  ],
  capture: (s) => [`/e/${s}`, `/i/v0/e/${s}/`, `/batch/${s}/`, `/capture/${s}`, `/track/${s}/`, `/decide/${s}/`, `/flags/${s}`],
  pages: (s) => [`/project/${s}`, `/shared/${s}`, `/docs/api/${s}`, `/${s}`],
};

function expectPostHogError(response: RawResponse, status: number) {
  expect(response.status, response.text).toBe(status);
  expect(response.contentType).toContain("application/json");
  expect(Object.keys(JSON.parse(response.text)).sort()).toEqual(["attr", "code", "detail", "type"]);
}

describe.each(Object.entries(routeFamilies))("malformed URLs on %s routes answer PostHog's JSON errors", (_family, pathsWith) => {
  test.each(undecodable)("undecodable segment %s: 400 on every method", async (segment) => {
    for (const path of pathsWith(segment))
      for (const method of ["GET", "POST", "DELETE"]) {
        const response = await sendRaw(method, path);
        expectPostHogError(response, 400);
        expect(JSON.parse(response.text)).toMatchObject({ type: "invalid_request", code: "malformed_url" });
      }
  });

  test.each(namingNothing.map((segment) => [segment.slice(0, 12), segment]))("segment %s: 404", async (_label, segment) => {
    for (const path of pathsWith(segment)) expectPostHogError(await sendRaw("GET", path), 404);
  });
});

test("an overlong path is not found", async () => {
  expectPostHogError(await sendRaw("GET", `/api/projects/${"1/".repeat(1100)}`), 404);
});

describe("for a caller with credentials", () => {
  let key: string;
  let projectId: number;
  beforeAll(async () => {
    const user = await signUp(baseUrl);
    projectId = user.projectId;
    key = (await user.key()).credentials.key!;
  });
  const auth = () => ({ authorization: `Bearer ${key}` });

  test("malformed ids are refused before any handler runs", async () => {
    expectPostHogError(await sendRaw("DELETE", `/api/projects/${projectId}/actions/%ZZ/`, auth()), 400);
    expectPostHogError(await sendRaw("GET", `/api/projects/${projectId}/actions/%00/`, auth()), 404);
    expectPostHogError(await sendRaw("GET", `/api/projects/${projectId}/actions/${overlongSegment}/`, auth()), 404);
  });

  test("well-formed percent-encoding is still routed", async () => {
    const response = await sendRaw("GET", "/api/organizations/%40current/", auth());
    expect(response.status, response.text).toBe(200);
    expect((await sendRaw("GET", `/api/projects/${projectId}/actions/?search=%E2%82%AC`, auth())).status).toBe(200);
  });
});
