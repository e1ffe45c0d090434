import { describe, expect, test } from "vitest";
import { defaultChartSettings, resultCsv, visualizationNode, visualizationOf } from "./visualization";

describe("SQL visualization", () => {
  test("default chart columns: the first other column across, the first numeric one up", () => {
    expect(
      defaultChartSettings(
        ["day", "event", "total"],
        [
          ["day", "Date"],
          ["event", "String"],
          ["total", "UInt64"],
        ],
      ),
    ).toEqual({ xAxis: { column: "day" }, yAxis: [{ column: "total" }] });
    expect(defaultChartSettings(["n"], [["n", "Nullable(Float64)"]])).toEqual({ xAxis: { column: "n" }, yAxis: [{ column: "n" }] });
    expect(defaultChartSettings([], [])).toEqual({});
  });

  test("the saved node round-trips; an unknown display is a table", () => {
    const node = visualizationNode("SELECT 1", { display: "BoldNumber", chartSettings: { yAxis: [{ column: "1" }] } });
    expect(node).toEqual({
      kind: "DataVisualizationNode",
      source: { kind: "HogQLQuery", query: "SELECT 1" },
      display: "BoldNumber",
      chartSettings: { yAxis: [{ column: "1" }] },
    });
    expect(visualizationOf(node)).toEqual({ display: "BoldNumber", chartSettings: { yAxis: [{ column: "1" }] } });
    expect(visualizationOf({ display: "WorldMap" }).display).toBe("ActionsTable");
  });

  test("CSV: a header of the columns, nested values as JSON, formulas kept as text", () => {
    expect(
      resultCsv(
        ["event", "props", "n"],
        [
          ["=cmd()", { a: 1 }, 2],
          [null, [1, 2], -3],
        ],
      ),
    ).toBe('event,props,n\r\n\'=cmd(),"{""a"":1}",2\r\n,"[1,2]",-3\r\n');
  });
});
