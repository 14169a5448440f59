import { z } from 'zod';

/** Active ISO 4217 codes, plus the crypto currencies gaming platforms commonly settle in. */
export const ISO_CURRENCY_CODES: readonly string[] = (
  'AED AFN ALL AMD ANG AOA ARS AUD AWG AZN BAM BBD BDT BGN BHD BIF BMD BND BOB BRL BSD BTN BWP BYN BZD ' +
  'CAD CDF CHF CLP CNY COP CRC CUP CVE CZK DJF DKK DOP DZD EGP ERN ETB EUR FJD FKP GBP GEL GHS GIP GMD ' +
  'GNF GTQ GYD HKD HNL HTG HUF IDR ILS INR IQD IRR ISK JMD JOD JPY KES KGS KHR KMF KPW KRW KWD KYD KZT ' +
  'LAK LBP LKR LRD LSL LYD MAD MDL MGA MKD MMK MNT MOP MRU MUR MVR MWK MXN MYR MZN NAD NGN NIO NOK NPR ' +
  'NZD OMR PAB PEN PGK PHP PKR PLN PYG QAR RON RSD RUB RWF SAR SBD SCR SDG SEK SGD SHP SLE SOS SRD SSP ' +
  'STN SVC SYP SZL THB TJS TMT TND TOP TRY TTD TWD TZS UAH UGX USD UYU UZS VES VND VUV WST XAF XCD XCG ' +
  'XOF XPF YER ZAR ZMW ZWG'
).split(' ');
export const CRYPTO_CURRENCY_CODES = ['USDT', 'USDC', 'BTC', 'ETH'] as const;
export const CURRENCY_CODES: readonly string[] = [...ISO_CURRENCY_CODES, ...CRYPTO_CURRENCY_CODES];
const KNOWN = new Set(CURRENCY_CODES);

/** A known currency code, upper-cased (`usd` → `USD`). */
export const CurrencyCode = z
  .string()
  .trim()
  .transform((v) => v.toUpperCase())
  .refine((v) => KNOWN.has(v), { message: 'must be a known currency code such as USD, TWD or USDT' })
  .describe('Currency code (ISO 4217, or USDT, USDC, BTC, ETH)');
