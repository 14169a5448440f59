/**
 * Seeded randomness. Everything the simulator draws comes from here, so one seed gives one history.
 * sfc32 is small, fast and passes PractRand; `hash32` derives independent streams and the outcome of a
 * game round from its coordinates, so a round's result does not depend on who asked first.
 */

/** Mixes any number of 32-bit integers into one well-spread 32-bit hash (murmur3 finaliser). */
export function hash32(...parts: number[]): number {
  let h = 0x9e3779b9;
  for (const part of parts) {
    h = Math.imul(h ^ (part | 0), 0x85ebca6b);
    h ^= h >>> 13;
    h = Math.imul(h, 0xc2b2ae35);
    h ^= h >>> 16;
    // Let large numbers (times in ms) contribute their high bits too.
    if (part > 0xffffffff || part < -0x80000000) h = hash32(h, Math.floor(part / 4294967296));
  }
  return h >>> 0;
}

export class Random {
  private a: number;
  private b: number;
  private c: number;
  private d: number;

  constructor(...seed: number[]) {
    this.a = hash32(...seed, 1);
    this.b = hash32(...seed, 2);
    this.c = hash32(...seed, 3);
    this.d = 1;
    for (let i = 0; i < 12; i++) this.next();
  }

  /** A uniform unsigned 32-bit integer. */
  next(): number {
    const t = (((this.a + this.b) | 0) + this.d) | 0;
    this.d = (this.d + 1) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.c = (this.c + t) | 0;
    return t >>> 0;
  }

  /** Uniform in [0, 1). */
  float(): number {
    return this.next() / 4294967296;
  }

  /** Uniform integer in [0, n). */
  int(n: number): number {
    return Math.floor(this.float() * n);
  }

  /** Uniform in [min, max). */
  range(min: number, max: number): number {
    return min + (max - min) * this.float();
  }

  /** Uniform integer in [min, max]. */
  between(min: number, max: number): number {
    return min + this.int(max - min + 1);
  }

  chance(p: number): boolean {
    return this.float() < p;
  }

  pick<T>(items: readonly T[]): T {
    const item = items[this.int(items.length)];
    if (item === undefined) throw new Error('pick from an empty list');
    return item;
  }

  /** Index drawn with probability proportional to its weight. */
  weighted(weights: readonly number[]): number {
    let total = 0;
    for (const w of weights) total += w;
    let x = this.float() * total;
    for (let i = 0; i < weights.length; i++) {
      x -= weights[i] ?? 0;
      if (x < 0) return i;
    }
    return weights.length - 1;
  }

  /** Exponential with the given mean. */
  exp(mean: number): number {
    return -mean * Math.log(1 - this.float());
  }

  /** Standard normal (Box–Muller). */
  normal(): number {
    const u = 1 - this.float();
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * this.float());
  }

  /** Log-normal with the given median and log-space standard deviation. */
  logNormal(median: number, sigma: number): number {
    return median * Math.exp(sigma * this.normal());
  }
}

/**
 * A keyed bijection on `bits`-bit integers: distinct inputs give distinct outputs, so identifiers built
 * from it never collide while still looking random.
 */
export function permute(x: number, bits: number, key: number): number {
  const mask = bits >= 32 ? 0xffffffff : (1 << bits) - 1;
  const shift = bits >> 1;
  let v = x & mask;
  for (let round = 0; round < 3; round++) {
    v = (v + (hash32(key, round) & mask)) & mask;
    v = Math.imul(v, 0x2c1b3c6d | 1) & mask;
    v ^= v >>> shift;
  }
  return v >>> 0;
}
