import { describe, expect, test } from "vitest";
import { groupMathOptions, mathKeys, mathOptionValue } from "./maths";

describe("group maths", () => {
  test("one option per group type; its value reads back as unique_group with the type's index", () => {
    const [option] = groupMathOptions([{ group_type_index: 1, label: "companies" }]);
    expect(option.label).toBe("Unique companies");
    expect(mathKeys(option.value)).toEqual({ math: "unique_group", math_group_type_index: 1 });
    expect(mathOptionValue({ math: "unique_group", math_group_type_index: 1 })).toBe(option.value);
  });
  test("other maths drop the group type index", () => {
    expect(mathKeys("dau")).toEqual({ math: "dau", math_group_type_index: undefined });
    expect(mathOptionValue({})).toBe("total");
  });
});
