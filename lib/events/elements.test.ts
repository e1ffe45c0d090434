import { describe, expect, test } from "vitest";
import { chainToElements, elementsFromSdk, elementsToChain } from "./elements";

// What posthog-js sends for a click on a link inside a nav (`$elements`, clicked element first).
const sent = [
  {
    tag_name: "a",
    $el_text: 'Say "hi"',
    nth_child: 2,
    nth_of_type: 1,
    attr__href: "/pricing",
    attr__class: "nav-link active",
    attr__id: "pricing",
    "attr__data-attr": "pricing-link",
  },
  { tag_name: "nav", nth_child: 1, nth_of_type: 1, attr__class: "md:flex top" },
  { tag_name: "body", nth_child: 2, nth_of_type: 1 },
];

describe("elementsToChain", () => {
  test("writes PostHog's chain: classes sorted, attributes sorted by key, nth-child/nth-of-type always, quotes escaped", () => {
    expect(elementsToChain(elementsFromSdk(sent))).toBe(
      'a.active.nav-link:attr__class="nav-link active"attr__data-attr="pricing-link"attr__href="/pricing"attr__id="pricing"' +
        'attr_id="pricing"href="/pricing"nth-child="2"nth-of-type="1"text="Say \\"hi\\""' +
        ';nav.md:flex.top:attr__class="md:flex top"nth-child="1"nth-of-type="1"' +
        ';body:nth-child="2"nth-of-type="1"',
    );
  });

  test("keeps 400 characters of text and 2,048 of a link, as PostHog's ingestion; skips what is not an element", () => {
    const [element] = elementsFromSdk([{ tag_name: "a", $el_text: "x".repeat(500), attr__href: "h".repeat(3000) }, "nope", null, [1]]);
    expect(element.text).toHaveLength(400);
    expect(element.href).toHaveLength(2048);
    expect(elementsFromSdk(["nope", null, [1]])).toEqual([]);
    expect(elementsToChain([])).toBe("");
  });
});

describe("chainToElements", () => {
  test("reads PostHog's element fields back, in order, with classes holding ':' and escaped quotes", () => {
    const elements = chainToElements(elementsToChain(elementsFromSdk(sent)));
    expect(elements).toEqual([
      {
        text: 'Say "hi"',
        tag_name: "a",
        attr_class: ["active", "nav-link"],
        href: "/pricing",
        attr_id: "pricing",
        nth_child: 2,
        nth_of_type: 1,
        attributes: {
          attr__class: "nav-link active",
          "attr__data-attr": "pricing-link",
          attr__href: "/pricing",
          attr__id: "pricing",
        },
        order: 0,
      },
      {
        text: null,
        tag_name: "nav",
        attr_class: ["md:flex", "top"],
        href: null,
        attr_id: null,
        nth_child: 1,
        nth_of_type: 1,
        attributes: { attr__class: "md:flex top" },
        order: 1,
      },
      { text: null, tag_name: "body", attr_class: null, href: null, attr_id: null, nth_child: 2, nth_of_type: 1, attributes: {}, order: 2 },
    ]);
  });

  test("a ';' inside a value does not split elements; empty values and chains without attributes are read", () => {
    const [button, div] = chainToElements('button.cta:text="a;b"title=""nth-child="1"nth-of-type="1";div');
    expect(button).toMatchObject({ tag_name: "button", attr_class: ["cta"], text: "a;b", attributes: { title: "" }, nth_child: 1 });
    expect(div).toMatchObject({ tag_name: "div", attr_class: null, attributes: {}, order: 1 });
    expect(chainToElements("")).toEqual([]);
  });

  test("malformed chains give what can be read, never an error", () => {
    expect(chainToElements('a:href="unterminated')).toEqual([expect.objectContaining({ tag_name: "a", href: null })]);
    expect(chainToElements('a:nth-child="x"')[0].nth_child).toBeNull();
    expect(chainToElements(";;;")).toEqual([]);
  });
});
