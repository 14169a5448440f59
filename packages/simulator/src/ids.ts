import { DEVICE_MODELS, NICK_CHINESE, NICK_NOUNS, NICK_PREFIXES } from './names';
import { hash32, permute, Random } from './random';

/**
 * Identifiers. Every member, IP and device comes from a keyed bijection of a counter, so two members
 * never share an id, an IP or a device unless the simulator means them to (households, plants).
 */

/** 8-digit member ids, as many platforms number their members. */
export function memberIdOf(seed: number, index: number): string {
  return String(10_000_000 + permute(index, 26, hash32(seed, 0x3e3b)));
}

/** Residential and mobile blocks of a Taiwanese ISP, /12 each: home and phone addresses of members. */
const HOME_BLOCKS = [ip4('36.224.0.0'), ip4('114.32.0.0'), ip4('118.160.0.0'), ip4('1.160.0.0')] as const;
/** Hosting ranges: where account rings and registration farms run their proxies. */
const HOSTING_BLOCKS = [ip4('103.152.0.0'), ip4('45.76.0.0'), ip4('149.28.0.0'), ip4('139.180.0.0')] as const;

export type IpSpace = 'home' | 'hosting';

export function ipOf(seed: number, space: IpSpace, index: number): string {
  const key = hash32(seed, space === 'home' ? 0x1b01 : 0x1b02);
  if (space === 'home') {
    // About one member address in seven is a mobile IPv6 address.
    const v = permute(index, 22, key);
    if (hash32(key, index) % 7 === 0) return ipv6(v, key);
    return ip4String((HOME_BLOCKS[v >>> 20] ?? 0) + (v & 0xfffff));
  }
  const v = permute(index, 18, key);
  return ip4String((HOSTING_BLOCKS[v >>> 16] ?? 0) + (v & 0xffff));
}

function ipv6(v: number, key: number): string {
  const hi = ((v >>> 16) & 0xffff).toString(16);
  const lo = (v & 0xffff).toString(16);
  return `2001:b011:${(key & 0xfff).toString(16)}:${hi}:${(hash32(v, key) & 0xffff).toString(16)}::${lo}`;
}

function ip4(text: string): number {
  return text.split('.').reduce((acc, part) => acc * 256 + Number(part), 0);
}

function ip4String(n: number): string {
  return `${Math.floor(n / 16777216) % 256}.${Math.floor(n / 65536) % 256}.${Math.floor(n / 256) % 256}.${n % 256}`;
}

/** A device fingerprint: platform, model and a unique install id. */
export function deviceOf(seed: number, index: number): string {
  const key = hash32(seed, 0xde71);
  const id = permute(index, 30, key).toString(16).padStart(8, '0');
  const model = DEVICE_MODELS[hash32(key, index) % DEVICE_MODELS.length];
  return `${model}/${id}${(hash32(index, key) & 0xffff).toString(16).padStart(4, '0')}`;
}

export function mobileOf(seed: number, index: number): string {
  return `+8869${String(permute(index, 26, hash32(seed, 0x90b1))).padStart(8, '0')}`;
}

export interface Profile {
  nickName: string;
  account: string;
}

export function profileOf(seed: number, index: number): Profile {
  const rng = new Random(seed, index, 0x9f0f);
  const noun = rng.pick(NICK_NOUNS);
  const nickName = rng.chance(0.45)
    ? rng.pick(NICK_CHINESE) + (rng.chance(0.5) ? String(rng.between(1, 99)) : '')
    : rng.pick(NICK_PREFIXES) + noun + (rng.chance(0.6) ? String(rng.between(1, 999)) : '');
  const account = `${noun.toLowerCase()}${String(permute(index, 26, hash32(seed, 0xacc7))).padStart(8, '0')}`;
  return { nickName, account };
}
