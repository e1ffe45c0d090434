import { describe, expect, it } from "vitest";
import { csvFilename, csvResponse, toCsv } from "./csv";

describe("toCsv: formula injection", () => {
  it("keeps every text a spreadsheet would run as a formula as text, with a leading quote", () => {
    const attacks = ['=HYPERLINK("http://evil")', "+1+cmd|' /C calc'!A0", "-2+3", "@SUM(A1)", "\t=1+1", "\r=1+1"];
    const lines = toCsv(attacks.map((name) => ({ name }))).split("\r\n");
    expect(lines[1]).toBe(`"'=HYPERLINK(""http://evil"")"`);
    expect(lines[2]).toBe("'+1+cmd|' /C calc'!A0");
    expect(lines[3]).toBe("'-2+3");
    expect(lines[4]).toBe("'@SUM(A1)");
    expect(lines[5]).toBe("'\t=1+1");
    expect(toCsv([{ name: "\r=1+1" }])).toBe(`name\r\n"'\r=1+1"\r\n`);
  });

  it("guards column names (from property keys) and nested values as well", () => {
    expect(toCsv([{ "=cmd": { "@x": "-y" } }])).toBe("'=cmd.@x\r\n'-y\r\n");
  });

  it("leaves numbers, booleans and ordinary text alone", () => {
    expect(toCsv([{ n: -3, m: 1.5, b: true, s: "a=b", t: " =1" }])).toBe("n,m,b,s,t\r\n-3,1.5,True,a=b, =1\r\n");
  });
});

describe("csvResponse", () => {
  it("is an attachment with a file name, never a page", async () => {
    const response = csvResponse([{ a: 1 }], csvFilename("/api/projects/{projectId}/insights/trend/"));
    expect(response.headers.get("content-disposition")).toBe('attachment; filename="trend.csv"');
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(await response.text()).toBe("a\r\n1\r\n");
  });

  it("names the file after the last named segment of the path", () => {
    expect(csvFilename("/api/projects/{projectId}/insights/{insightId}/activity/")).toBe("activity.csv");
    expect(csvFilename("/api/projects/{projectId}/query/")).toBe("query.csv");
    expect(csvFilename("/")).toBe("export.csv");
  });
});
