// A small seeded PRNG and the sampling helpers the demo generator needs: the same seed gives the same data.

/**
 * sfc32 (Chris Doty-Humphrey's Small Fast Counting generator): 128 bits of state. A 32-bit-state generator such as
 * mulberry32 puts every seed on one cycle of 2^32, so with hundreds of thousands of visitors some visitors'
 * streams are shifted copies of others' — the same "random" UUIDs twice. Here distinct seeds start far apart.
 */
export function sfc32(seed: number): () => number {
  const words = splitmix32(seed);
  let a = words();
  let b = words();
  let c = words();
  let d = words();
  const next = () => {
    const t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    return (t >>> 0) / 4294967296;
  };
  for (let i = 0; i < 12; i++) next(); // let the seed's bits spread through the state
  return next;
}

/** splitmix32: turns one 32-bit seed into a stream of well-mixed words (used to fill sfc32's state). */
function splitmix32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x9e3779b9) >>> 0;
    let z = state;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
    return (z ^ (z >>> 16)) >>> 0;
  };
}

/** Mixes two integers into one well-spread 32-bit seed; distinct `b` for the same `a` give distinct seeds. */
export function mixSeed(a: number, b: number): number {
  let h = (Math.imul(a >>> 0, 0x9e3779b1) ^ (b >>> 0)) >>> 0;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

const hex = (value: number, digits: number) => value.toString(16).padStart(digits, "0");

/** Sampling helpers over one PRNG stream. */
export class Random {
  readonly next: () => number;

  constructor(seed: number) {
    this.next = sfc32(seed);
  }

  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)];
  }

  /** Exponentially distributed, with the given mean. */
  exponential(mean: number): number {
    return -mean * Math.log(1 - this.next());
  }

  private word(): number {
    return (this.next() * 4294967296) >>> 0;
  }

  /** The last three groups of a UUID, with RFC 4122's variant bits. */
  private tail(): string {
    const variant = this.word();
    return `${hex(0x8000 | (variant >>> 18), 4)}-${hex(variant & 0xffff, 4)}${hex(this.word(), 8)}`;
  }

  /** A random (version 4) UUID drawn from this stream. */
  uuidV4(): string {
    const high = hex(this.word(), 8);
    const middle = hex(this.word(), 8);
    return `${high}-${middle.slice(0, 4)}-4${middle.slice(5)}-${this.tail()}`;
  }

  /** A time-ordered (version 7) UUID for `ms`, as posthog-js makes session and device ids. */
  uuidV7(ms: number): string {
    const time = hex(Math.floor(ms), 12);
    return `${time.slice(0, 8)}-${time.slice(8)}-7${hex(this.word() >>> 20, 3)}-${this.tail()}`;
  }
}

/** Picks from `[item, weight]` pairs; build once per table, sample many times. */
export class Weighted<T> {
  private readonly items: T[];
  private readonly cumulative: number[];

  constructor(entries: readonly (readonly [T, number])[]) {
    this.items = entries.map(([item]) => item);
    let total = 0;
    this.cumulative = entries.map(([, weight]) => (total += weight));
  }

  sample(random: Random): T {
    const x = random.next() * this.cumulative[this.cumulative.length - 1];
    let i = 0;
    while (this.cumulative[i] <= x) i++;
    return this.items[i];
  }
}
