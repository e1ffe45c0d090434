import { gzipSync } from "node:zlib";

const BASE64_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

/**
 * An lz-string base64 stream (`compression=lz64`) that decompresses to about `chars` copies of "a" while it is only
 * about 2·√chars codes long: each code names the entry not yet in the dictionary (lz-string's "KwKwK" case), so
 * every entry is one character longer than the last. lz-string's own compressor would need the whole text first.
 */
export function lz64Bomb(chars: number): string {
  const bits: number[] = [];
  const write = (value: number, count: number) => {
    for (let i = 0; i < count; i++) bits.push((value >> i) & 1);
  };
  // A literal of 8 bits: "a" is entry 3.
  write(0, 2);
  write("a".charCodeAt(0), 8);
  let dictionarySize = 4;
  let numBits = 3;
  let enlargeIn = 4;
  let total = 1;
  for (let length = 2; total < chars; length++) {
    write(dictionarySize, numBits);
    dictionarySize++;
    total += length;
    if (--enlargeIn === 0) {
      enlargeIn = 2 ** numBits;
      numBits++;
    }
  }
  write(2, numBits);
  while (bits.length % 6) bits.push(0);
  let out = "";
  for (let i = 0; i < bits.length; i += 6) out += BASE64_ALPHABET[bits.slice(i, i + 6).reduce((v, bit) => (v << 1) | bit, 0)];
  return out;
}

/** A gzip body that inflates to `bytes` spaces. */
export const gzipBomb = (bytes: number) => gzipSync(Buffer.alloc(bytes, 0x20));
