import { yieldToEventLoop } from "./event-loop";

/** Thrown when a decompressed text would pass its limit: a few KB of lz-string can stand for gigabytes. */
export class OutputLimitExceeded extends Error {}

const BASE64_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/=";
const BASE64_VALUES = new Map([...BASE64_ALPHABET].map((char, value) => [char, value]));
const BITS_PER_BASE64_CHAR = 6;

/** Work done between two yields to the event loop, so other requests are served while a large text is rebuilt. */
const CODES_PER_SLICE = 16_384;
const CHARS_PER_SLICE = 1 << 20;

/**
 * lz-string's `decompressFromBase64` (the `lz64` compression of posthog-js' old versions), rebuilt to stop as soon
 * as the text passes `maxLength` characters (throwing OutputLimitExceeded) and to yield to the event loop while it
 * works. Answers as lz-string does: null for a stream that names an unknown entry, "" for one that ends early.
 */
export async function decompressFromBase64(input: string, maxLength: number): Promise<string | null> {
  if (input === "") return null;
  const bits = bitReader(input);
  const dictionary: string[] = ["", "", ""];
  const result: string[] = [];
  let length = 0;
  let lengthAtLastYield = 0;
  let numBits = 3;
  let enlargeIn = 4;

  const first = literal(bits, bits.read(2));
  if (first === null) return "";
  dictionary.push(first);
  let previous = first;
  result.push(first);
  length = first.length;

  for (let codes = 1; ; codes++) {
    if (bits.exhausted()) return "";
    let code = bits.read(numBits);
    if (code === 2) return result.join("");
    const char = literal(bits, code);
    if (char !== null) {
      dictionary.push(char);
      code = dictionary.length - 1;
      enlargeIn--;
    }
    if (enlargeIn === 0) {
      enlargeIn = 2 ** numBits;
      numBits++;
    }

    let entry: string;
    if (code < dictionary.length && dictionary[code]) entry = dictionary[code];
    else if (code === dictionary.length) entry = previous + previous.charAt(0);
    else return null;

    length += entry.length;
    if (length > maxLength) throw new OutputLimitExceeded(`The decompressed text passes ${maxLength} characters`);
    result.push(entry);
    dictionary.push(previous + entry.charAt(0));
    enlargeIn--;
    previous = entry;
    if (enlargeIn === 0) {
      enlargeIn = 2 ** numBits;
      numBits++;
    }

    if (codes % CODES_PER_SLICE === 0 || length - lengthAtLastYield >= CHARS_PER_SLICE) {
      lengthAtLastYield = length;
      await yieldToEventLoop();
    }
  }
}

/** The character a literal code (0: 8 bits, 1: 16 bits) introduces, or null when the code is not a literal. */
function literal(bits: ReturnType<typeof bitReader>, code: number): string | null {
  if (code === 0) return String.fromCharCode(bits.read(8));
  if (code === 1) return String.fromCharCode(bits.read(16));
  return null;
}

/** lz-string's bit stream over base64 characters, most significant bit first; unknown characters read as 0. */
function bitReader(input: string) {
  let index = 0;
  let value = BASE64_VALUES.get(input.charAt(index++)) ?? 0;
  let position = 1 << (BITS_PER_BASE64_CHAR - 1);
  return {
    exhausted: () => index > input.length,
    read(count: number): number {
      let out = 0;
      for (let power = 1, i = 0; i < count; i++, power <<= 1) {
        if (value & position) out |= power;
        position >>= 1;
        if (position === 0) {
          position = 1 << (BITS_PER_BASE64_CHAR - 1);
          value = BASE64_VALUES.get(input.charAt(index++)) ?? 0;
        }
      }
      return out;
    },
  };
}
