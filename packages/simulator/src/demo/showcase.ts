import type { GameMaster, IngestEvent } from '@pitboss/contract';

/**
 * The live demo's showcase (issue 22, item 8): every one to three minutes `npm start`'s feed plants one
 * anomaly, in turn of every alert type, sized for a new company's default rules, so that a new user sees
 * an alert arrive within minutes and some of them climb a level while they watch. Each plant uses fresh
 * accounts (and, for the RTP drift, a fresh game), so it is a new incident however long the demo runs.
 */
export const SHOWCASE_KINDS = [
  'win-streak',
  'shared-ip',
  'heavy-top-up',
  'opposing-bets',
  'high-ratio',
  'registration-farm',
  'transfer-mule',
  'rtp-drift',
  'bonus-abuse',
] as const;
export type ShowcaseKind = (typeof SHOWCASE_KINDS)[number];

/** Which alert type each kind raises (the spec's EventType: 1–7 player rules, 8 game RTP, 9 opposing bets). */
export const SHOWCASE_ALERT_TYPE: Record<ShowcaseKind, number> = {
  'high-ratio': 1,
  'win-streak': 2,
  'shared-ip': 3,
  'registration-farm': 4,
  'heavy-top-up': 5,
  'transfer-mule': 6,
  'bonus-abuse': 7,
  'rtp-drift': 8,
  'opposing-bets': 9,
};

/** One step of a plant: its events are made at the moment they are sent, `afterMs` after the step before. */
export interface ShowcaseStep {
  afterMs: number;
  events: (now: number) => IngestEvent[];
}

export interface ShowcasePlant {
  kind: ShowcaseKind;
  /** What was planted, for the feed's log: the accounts, address or game to look for. */
  subject: string;
  /** Game master data to post before the first step. */
  games: GameMaster[];
  steps: ShowcaseStep[];
}

export interface ShowcaseOptions {
  /** Makes every id unique to this run of the feed (e.g. the start time in base 36). */
  run: string;
  /** The n-th plant of this run. */
  n: number;
  currency: string;
}

/** Rounds of the drifting game: over the default game rule's minimum of 20,000 in a day. */
export const SHOWCASE_DRIFT_ROUNDS = 20_400;
/** Members who play the drifting game; each sees an RTP of 130 %, under the high-ratio rule's 1.5. */
const DRIFT_PLAYERS = 200;
const DRIFT_BATCH = 5_100;

/** The plant of `kind` (ids, addresses and games made unique by `run` and `n`). */
export function showcasePlant(kind: ShowcaseKind, options: ShowcaseOptions): ShowcasePlant {
  const tag = `sc-${options.run}-${options.n}`;
  const ids = new EventIds(tag);
  const { currency } = options;
  // An address of the benchmarking block 198.18.0.0/15, apart from the simulated world's, new per plant and run.
  const slot = (hash(options.run) + options.n) % 131_072;
  const ip = `198.${18 + (slot >> 16)}.${(slot >> 8) & 255}.${slot & 255}`;
  const member = (suffix: string) => `${tag}-${suffix}`;
  const at = (now: number, back: number) => new Date(now - back).toISOString();

  switch (kind) {
    case 'win-streak': {
      // 12 wins in a row (level 1), 16 forty seconds later (level 2), 20 forty seconds after that (level 3):
      // one alert whose level rises live. 20 bets stay under the high-ratio rule's sample of 30.
      const m = member('streak');
      const game = `${tag}-slot`;
      const wins = (count: number) => (now: number) =>
        Array.from({ length: count }, (_, i) => bet(ids, m, game, at(now, (count - i) * 1_500), 200, 390, currency));
      return {
        kind,
        subject: m,
        games: [],
        steps: [
          { afterMs: 0, events: (now) => [login(ids, m, ip, at(now, 25_000)), ...wins(12)(now)] },
          { afterMs: 40_000, events: wins(4) },
          { afterMs: 40_000, events: wins(4) },
        ],
      };
    }
    case 'high-ratio': {
      // 36 bets, every other one paying six times the stake: a ratio of 3.0 (level 2 of > 1.5, 2.5, 4).
      const m = member('ratio');
      const game = `${tag}-slot`;
      return oneStep(kind, m, (now) =>
        Array.from({ length: 36 }, (_, i) =>
          bet(ids, m, game, at(now, (36 - i) * 2_000), 500, i % 2 === 0 ? 3_000 : 0, currency),
        ),
      );
    }
    case 'shared-ip': {
      // Six accounts log in from one address within two minutes (level 1 from five).
      const members = Array.from({ length: 6 }, (_, i) => member(`ip${i + 1}`));
      return oneStep(kind, ip, (now) =>
        members.map((m, i) => login(ids, m, ip, at(now, (6 - i) * 15_000), `Android 14 / ${m}`)),
      );
    }
    case 'registration-farm': {
      // Six new accounts registered from one address (level 1 from five), each on its own device.
      const members = Array.from({ length: 6 }, (_, i) => member(`reg${i + 1}`));
      return oneStep(kind, ip, (now) =>
        members.map(
          (m, i): IngestEvent => ({
            type: 'register',
            id: ids.next(),
            at: at(now, (6 - i) * 12_000),
            memberId: m,
            ip,
            device: `iPhone 15 / ${m}`,
            nickName: `lucky${options.n}${i}`,
          }),
        ),
      );
    }
    case 'heavy-top-up': {
      // 13,500 topped up in three payments (level 1 from 10,000 a day).
      const m = member('topup');
      return oneStep(kind, m, (now) =>
        [4_000, 5_000, 4_500].map(
          (amount, i): IngestEvent => ({
            type: 'purchase',
            id: ids.next(),
            at: at(now, (3 - i) * 20_000),
            memberId: m,
            amount,
            currency,
            platform: 'web',
            paymentName: 'Bank card',
            category: 'top-up',
          }),
        ),
      );
    }
    case 'transfer-mule': {
      // 12,000 in and 11,500 out within minutes (level 1 from 20,000 a day).
      const m = member('mule');
      return oneStep(kind, m, (now) => [
        transfer(ids, m, at(now, 50_000), 12_000, 'in', member('source'), currency),
        transfer(ids, m, at(now, 10_000), 11_500, 'out', member('sink'), currency),
      ]);
    }
    case 'bonus-abuse': {
      // 6,000 bonus points from three promotions in a few minutes (level 1 from 5,000 a day).
      const m = member('bonus');
      return oneStep(kind, m, (now) =>
        [2_000, 2_000, 2_000].map(
          (points, i): IngestEvent => ({
            type: 'bonus',
            id: ids.next(),
            at: at(now, (3 - i) * 30_000),
            memberId: m,
            points,
            category: 'promotion',
            eventName: ['Welcome bonus', 'Reload bonus', 'Weekend cashback'][i] as string,
          }),
        ),
      );
    }
    case 'opposing-bets': {
      // Two accounts back banker and player with the same stake on the same rounds: three rounds raise
      // level 1, three more forty seconds later level 2. A round is decided once the company's events are
      // 2 minutes past it: the rounds are dated 101–105 s back and a login 20 s ahead closes them (bets of
      // other traffic at the present stay within the detector's lateness).
      const [a, b] = [member('bankr'), member('playr')];
      const game = `${tag}-baccarat`;
      let round = 0;
      const rounds = (count: number) => (now: number) => [
        ...Array.from({ length: count }).flatMap((_, i): IngestEvent[] => {
          round++;
          const time = at(now, 101_000 + (count - 1 - i) * 2_000);
          const bankerWins = round % 2 === 1;
          const stake = 5_000;
          return [
            { ...bet(ids, a, game, time, stake, bankerWins ? 9_750 : 0, currency), roundId: `${game}-r${round}` },
            { ...bet(ids, b, game, time, stake, bankerWins ? 0 : 10_000, currency), roundId: `${game}-r${round}` },
          ].map((e, i) => ({ ...e, side: i === 0 ? 'banker' : 'player', gameType: 'baccarat' }));
        }),
        login(ids, a, ip, at(now, -20_000)),
      ];
      return {
        kind,
        subject: `${a} / ${b}`,
        games: [
          { gameId: game, name: `Showcase Baccarat ${options.n}`, gameType: 'baccarat', provider: 'Pitboss demo' },
        ],
        steps: [
          { afterMs: 0, events: (now) => [login(ids, a, ip, at(now, 40_000)), login(ids, b, ip, at(now, 35_000))] },
          { afterMs: 1_000, events: rounds(3) },
          { afterMs: 40_000, events: rounds(3) },
        ],
      };
    }
    case 'rtp-drift': {
      // A slot expected to return 96 % pays 130 % over 20,400 rounds of the last ten minutes. Outcomes go
      // win, win, loss in turn, so no player's streak or ratio crosses a player rule.
      const game = `${tag}-slot`;
      const steps: ShowcaseStep[] = [];
      for (let from = 0; from < SHOWCASE_DRIFT_ROUNDS; from += DRIFT_BATCH) {
        steps.push({
          afterMs: from === 0 ? 0 : 500,
          events: (now) =>
            Array.from({ length: Math.min(DRIFT_BATCH, SHOWCASE_DRIFT_ROUNDS - from) }, (_, k) => {
              const r = from + k;
              const payout = r % 3 === 2 ? 0 : 195;
              const time = at(now, 600_000 - Math.floor((r * 600_000) / SHOWCASE_DRIFT_ROUNDS) + 2_000);
              return {
                ...bet(ids, member(`p${r % DRIFT_PLAYERS}`), game, time, 100, payout, currency),
                roundId: `${game}-r${r}`,
                gameType: 'slot',
              };
            }),
        });
      }
      return {
        kind,
        subject: game,
        games: [
          {
            gameId: game,
            name: `Showcase Fortune ${options.n}`,
            gameType: 'slot',
            provider: 'Pitboss demo',
            expectedRtp: 0.96,
          },
        ],
        steps,
      };
    }
  }
}

/** A plant sent in one request, with no game master data. */
function oneStep(kind: ShowcaseKind, subject: string, events: ShowcaseStep['events']): ShowcasePlant {
  return { kind, subject, games: [], steps: [{ afterMs: 0, events }] };
}

function hash(text: string): number {
  let h = 0;
  for (const c of text) h = (h * 31 + (c.codePointAt(0) ?? 0)) % 131_072;
  return h;
}

class EventIds {
  private seq = 0;
  constructor(private readonly tag: string) {}
  next(): string {
    return `${this.tag}-e${++this.seq}`;
  }
}

function bet(
  ids: EventIds,
  memberId: string,
  gameId: string,
  at: string,
  stake: number,
  payout: number,
  currency: string,
): IngestEvent & { type: 'bet' } {
  const id = ids.next();
  return { type: 'bet', id, at, memberId, gameId, roundId: id, stake, payout, currency };
}

function login(ids: EventIds, memberId: string, ip: string, at: string, device?: string): IngestEvent {
  return { type: 'login', id: ids.next(), at, memberId, ip, success: true, ...(device ? { device } : {}) };
}

function transfer(
  ids: EventIds,
  memberId: string,
  at: string,
  amount: number,
  direction: 'in' | 'out',
  counterpartyId: string,
  currency: string,
): IngestEvent {
  return { type: 'transfer', id: ids.next(), at, memberId, amount, currency, direction, counterpartyId };
}
