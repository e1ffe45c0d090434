import { expect, test } from "vitest";
import { propertyValueName } from "./values";

test("values are listed as PostHog's convert_property_value writes them", () => {
  expect(propertyValueName('"Chrome"')).toBe("Chrome");
  expect(propertyValueName("true")).toBe("true");
  expect(propertyValueName("false")).toBe("false");
  expect(propertyValueName("42")).toBe("42");
  expect(propertyValueName("1.50")).toBe("1.50");
  expect(propertyValueName('{"b": 1, "a": [1, "x"]}')).toBe('{"a": [1, "x"], "b": 1}');
});
