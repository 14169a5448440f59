import type { ColumnKind, Merge, RollupSpec, RollupValues } from './rollup-accumulator';

type Columns = RollupSpec['columns'];

/** What every bet adds to member, game and member-in-game rows. */
const BET_TOTALS: Columns = [
  ['bets', 'int'],
  ['wins', 'int'],
  ['stake', 'numeric'],
  ['payout', 'numeric'],
  ['stake_base', 'numeric'],
  ['payout_base', 'numeric'],
];

/** Per member, per UTC hour and per local day. The event store README, "Rollups", documents each column. */
const MEMBER_COLUMNS: Columns = [
  ...BET_TOTALS,
  ['purchases', 'int'],
  ['purchase_amount', 'numeric'],
  ['purchase_base', 'numeric'],
  ['transfers_in', 'int'],
  ['transfer_in_amount', 'numeric'],
  ['transfer_in_base', 'numeric'],
  ['transfers_out', 'int'],
  ['transfer_out_amount', 'numeric'],
  ['transfer_out_base', 'numeric'],
  ['bonuses', 'int'],
  ['bonus_points', 'numeric'],
  ['logins', 'int'],
  ['failed_logins', 'int'],
  ['unconverted', 'int'],
];

const GAME_COLUMNS: Columns = [
  ...BET_TOTALS,
  ['rounds', 'int'],
  ['players', 'int'],
  ['unconverted', 'int'],
  ['stake_sq', 'float8'],
  ['payout_sq', 'float8'],
  ['stake_payout', 'float8'],
];

/** What comes together in a member row: a row sends only the families it holds (rollup.repository.ts). */
const MEMBER_FAMILIES: Record<string, string> = {
  bets: 'bet',
  wins: 'bet',
  stake: 'bet',
  payout: 'bet',
  stake_base: 'bet',
  payout_base: 'bet',
  purchases: 'purchase',
  purchase_amount: 'purchase',
  purchase_base: 'purchase',
  transfers_in: 'transfer_in',
  transfer_in_amount: 'transfer_in',
  transfer_in_base: 'transfer_in',
  transfers_out: 'transfer_out',
  transfer_out_amount: 'transfer_out',
  transfer_out_base: 'transfer_out',
  bonuses: 'bonus',
  bonus_points: 'bonus',
  logins: 'login',
  failed_logins: 'login',
  unconverted: 'unconverted',
};

export const MEMBER_HOUR: RollupSpec = {
  table: 'member_hour',
  keys: [
    ['member_id', 'text'],
    ['hour', 'timestamptz'],
  ],
  columns: MEMBER_COLUMNS,
  families: MEMBER_FAMILIES,
};

export const MEMBER_DAY: RollupSpec = {
  table: 'member_day',
  keys: [
    ['member_id', 'text'],
    ['day', 'date'],
  ],
  columns: MEMBER_COLUMNS,
  families: MEMBER_FAMILIES,
};

export const GAME_HOUR: RollupSpec = {
  table: 'game_hour',
  keys: [
    ['game_id', 'text'],
    ['hour', 'timestamptz'],
  ],
  columns: GAME_COLUMNS,
};

export const GAME_DAY: RollupSpec = {
  table: 'game_day',
  keys: [
    ['game_id', 'text'],
    ['day', 'date'],
  ],
  columns: GAME_COLUMNS,
};

export const GAME_MEMBER_DAY: RollupSpec = {
  table: 'game_member_day',
  keys: [
    ['game_id', 'text'],
    ['day', 'date'],
    ['member_id', 'text'],
  ],
  columns: [
    ...BET_TOTALS,
    ['unconverted', 'int'],
    ['hours', 'int8', 'or'],
    ['first_at', 'timestamptz', 'min'],
    ['last_at', 'timestamptz', 'max'],
  ],
};

export const IP_DAY: RollupSpec = {
  table: 'ip_day',
  keys: [
    ['ip', 'inet'],
    ['day', 'date'],
  ],
  columns: [
    ['logins', 'int'],
    ['failed_logins', 'int'],
    ['registrations', 'int'],
    ['members', 'int'],
  ],
};

export const IP_MEMBER_DAY: RollupSpec = {
  table: 'ip_member_day',
  keys: [
    ['ip', 'inet'],
    ['day', 'date'],
    ['member_id', 'text'],
  ],
  columns: [
    ['logins', 'int'],
    ['failed_logins', 'int'],
    ['registrations', 'int'],
    ['first_at', 'timestamptz', 'min'],
    ['last_at', 'timestamptz', 'max'],
  ],
};

function initial(kind: ColumnKind, merge: Merge | undefined) {
  if (merge === 'min') return Number.POSITIVE_INFINITY;
  if (merge === 'max') return Number.NEGATIVE_INFINITY;
  return kind === 'numeric' ? null : 0;
}

/** A factory of zeroed rows for a spec (a shallow copy of one template: cheap, and one hidden class). */
export function blankRow(spec: RollupSpec): () => RollupValues {
  const template: RollupValues = {};
  for (const [name, kind, merge] of spec.columns) template[name] = initial(kind, merge);
  return () => ({ ...template });
}
