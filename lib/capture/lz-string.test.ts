import LZString from "lz-string";
import { describe, expect, it } from "vitest";
import { lz64Bomb } from "../../tests/support/bombs";
import { decompressFromBase64, OutputLimitExceeded } from "./lz-string";

const UNBOUNDED = Number.MAX_SAFE_INTEGER;

describe("decompressFromBase64", () => {
  it("reads what lz-string's compressor writes: ASCII, unicode, long repeats, 16-bit literals", async () => {
    const texts = [
      "a",
      JSON.stringify({ event: "e", properties: { s: "ünïcode ✓ +/=" } }).repeat(300),
      "x".repeat(70_000),
      Array.from({ length: 20_000 }, (_, i) => String.fromCharCode((i * 7) % 60_000)).join(""),
    ];
    for (const text of texts) expect(await decompressFromBase64(LZString.compressToBase64(text), UNBOUNDED)).toBe(text);
  });

  it("answers as lz-string does for the crafted streams of the bomb tests", async () => {
    for (const chars of [1, 10, 1000, 100_000]) {
      const stream = lz64Bomb(chars);
      expect(await decompressFromBase64(stream, UNBOUNDED)).toBe(LZString.decompressFromBase64(stream));
    }
  });

  it("answers null or empty for what is not lz-string output", async () => {
    for (const input of ["", "!!!", "AAAA", "zzzzzzzzzzz"]) expect(await decompressFromBase64(input, UNBOUNDED)).toBeFalsy();
  });

  it("stops as soon as the text passes the limit, before building it", async () => {
    const bomb = lz64Bomb(480_000_000);
    expect(bomb.length).toBeLessThan(80_000);
    const started = performance.now();
    await expect(decompressFromBase64(bomb, 2 * 1024 * 1024)).rejects.toBeInstanceOf(OutputLimitExceeded);
    expect(performance.now() - started).toBeLessThan(2_000);
  });

  it("accepts a text of exactly the limit and refuses one character more", async () => {
    const text = "q".repeat(10_000);
    const stream = LZString.compressToBase64(text);
    expect(await decompressFromBase64(stream, text.length)).toBe(text);
    await expect(decompressFromBase64(stream, text.length - 1)).rejects.toBeInstanceOf(OutputLimitExceeded);
  });

  it("lets timers run while a large text is rebuilt", async () => {
    let ticks = 0;
    const timer = setInterval(() => ticks++, 0);
    try {
      await expect(decompressFromBase64(lz64Bomb(480_000_000), 20 * 1024 * 1024)).rejects.toBeInstanceOf(OutputLimitExceeded);
    } finally {
      clearInterval(timer);
    }
    expect(ticks).toBeGreaterThan(0);
  });
});
