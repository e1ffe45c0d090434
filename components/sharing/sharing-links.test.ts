import { describe, expect, test } from "vitest";
import { embedSnippet } from "./sharing-links";

describe("embed snippet", () => {
  test("an iframe of /embedded/<token>, its title escaped so no name breaks out of the attribute", () => {
    const snippet = embedSnippet("https://h.example", "tok_1", `Sales "Q1" <b>&</b>`);
    expect(snippet).toBe(
      '<iframe src="https://h.example/embedded/tok_1" title="Sales &quot;Q1&quot; &lt;b&gt;&amp;&lt;/b&gt;" width="100%" height="600" frameborder="0" allowfullscreen></iframe>',
    );
  });
});
