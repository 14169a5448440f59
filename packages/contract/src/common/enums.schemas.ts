import { z } from 'zod';
import { COMPARISON_OPERATORS, ENVIRONMENTS, PRICE_LEVELS, SORT_ORDERS, TIME_UNITS } from './enums';

/** Schemas of the spec §3 enumerations of `enums.ts`. */

export const AlertType = z.union(
  [1, 2, 3, 4, 5, 6, 7].map((n) => z.literal(n)) as [
    z.ZodLiteral<1>,
    z.ZodLiteral<2>,
    z.ZodLiteral<3>,
    z.ZodLiteral<4>,
    z.ZodLiteral<5>,
    z.ZodLiteral<6>,
    z.ZodLiteral<7>,
  ],
);
export type AlertType = z.infer<typeof AlertType>;

export const OperatorType = z.union([z.literal(1), z.literal(2), z.literal(3)]);
export type OperatorType = z.infer<typeof OperatorType>;

export const PriceLevel = z.enum(PRICE_LEVELS);
export type PriceLevel = z.infer<typeof PriceLevel>;

export const Level = z.union([z.literal(1), z.literal(2), z.literal(3)]);
export type Level = z.infer<typeof Level>;

export const TimeUnit = z.enum(TIME_UNITS);
export type TimeUnit = z.infer<typeof TimeUnit>;

export const ComparisonOperator = z.enum(COMPARISON_OPERATORS);
export type ComparisonOperator = z.infer<typeof ComparisonOperator>;

export const ProcessStatus = z.union([z.literal(0), z.literal(1)]);
export type ProcessStatus = z.infer<typeof ProcessStatus>;

export const SortOrder = z.enum(SORT_ORDERS);

export const Environment = z.enum(ENVIRONMENTS);
export type Environment = z.infer<typeof Environment>;
