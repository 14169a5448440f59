import type { IngestEvent } from '@pitboss/contract';
import type { GameKind, GameSpec } from '../games/catalogue';
import type { Match } from '../games/football';
import type { DriftPlant, OpposingPlant, PlayerPlant } from '../ground-truth';
import { deviceOf, type IpSpace, ipOf, mobileOf, profileOf } from '../ids';
import type { ResolvedOptions } from '../options';
import { Random } from '../random';
import { KIND_PROFILES, type NormalKind } from './behaviour';
import { Agenda } from './heap';
import type { Member } from './member';
import { chooseGame } from './population';
import { MatchPayouts, RoundBook, TablePayouts } from './round-book';

/** Something that happens at `time`: returns true to run again at its (updated) `time`. */
export interface Action {
  time: number;
  seq: number;
  run(world: World): boolean;
}

interface TableRound {
  round: number;
  outcome: number;
  roundId: string;
  book: RoundBook;
  payouts: TablePayouts;
}

/** A match open for bets: its book and what each side pays. */
export interface MatchRound {
  kickoff: number;
  book: RoundBook;
  payouts: MatchPayouts;
}

/** Counters the tests read to show the governor rarely has to step in. */
export interface WorldStats {
  sessions: number;
  betsSkippedForStreak: number;
  betsSkippedForRatio: number;
  opposingConflictsAvoided: number;
  betsSkippedForOpposing: number;
  amountsCapped: number;
  hedges: number;
}

/**
 * The simulated platform: clock, agenda, members, games and the events they produce, in time order.
 * Sessions and plants are actions on the agenda; everything they emit goes through `emit`, which is
 * the only place events are created.
 */
export class World {
  readonly agenda = new Agenda<Action>();
  readonly members: Member[] = [];
  readonly playerPlants: PlayerPlant[] = [];
  readonly driftPlants: DriftPlant[] = [];
  readonly opposingPlants: OpposingPlant[] = [];
  readonly stats: WorldStats = {
    sessions: 0,
    betsSkippedForStreak: 0,
    betsSkippedForRatio: 0,
    opposingConflictsAvoided: 0,
    betsSkippedForOpposing: 0,
    amountsCapped: 0,
    hedges: 0,
  };
  readonly byKind = new Map<GameKind, GameSpec[]>();
  /** The lobby's game kinds, and how much each kind of member likes each of them, in that order. */
  readonly kindOrder: GameKind[];
  readonly kindWeights: Record<NormalKind, number[]>;
  /** Active RTP drift per game index. */
  readonly drifts: (DriftPlant | undefined)[];
  now: number;
  emitted = 0;
  bets = 0;

  private seq = 0;
  private eventSeq = 0;
  private readonly runCode: string;
  private readonly tables: (TableRound | undefined)[];
  private readonly matches = new Map<string, MatchRound>();
  private readonly slotSpins: number[];
  private readonly ipCounters: Record<IpSpace, number> = { home: 0, hosting: 0 };
  private deviceCounter = 0;
  private outEvents: IngestEvent[] = [];
  private outTimes: number[] = [];
  private outHead = 0;

  constructor(
    readonly opts: ResolvedOptions,
    readonly games: readonly GameSpec[],
  ) {
    this.now = opts.start;
    this.runCode = `${(opts.seed >>> 0).toString(36)}${Math.floor(opts.start / 1000).toString(36)}`;
    this.tables = games.map(() => undefined);
    this.slotSpins = games.map(() => 0);
    this.drifts = games.map(() => undefined);
    for (const game of games) {
      const list = this.byKind.get(game.kind);
      if (list) list.push(game);
      else this.byKind.set(game.kind, [game]);
    }
    this.kindOrder = [...this.byKind.keys()];
    const weightsOf = (kind: NormalKind) => this.kindOrder.map((k) => KIND_PROFILES[kind].prefs[k] + 0.001);
    this.kindWeights = {
      casual: weightsOf('casual'),
      vip: weightsOf('vip'),
      'bonus-hunter': weightsOf('bonus-hunter'),
    };
  }

  chooseGame(member: Member, rng: Random): GameSpec {
    return chooseGame(this, member, rng);
  }

  schedule(action: Action, time: number): void {
    const at = Math.max(Math.round(time), this.now);
    action.time = at;
    action.seq = this.seq;
    this.agenda.push(action, at, this.seq++);
  }

  /** Runs the next action; false when nothing is left. */
  step(): boolean {
    const time = this.agenda.peekTime();
    const action = this.agenda.pop();
    if (!action) return false;
    this.now = time;
    if (action.run(this)) this.schedule(action, action.time);
    return true;
  }

  nextActionTime(): number {
    return this.agenda.peekTime();
  }

  // ── output queue ─────────────────────────────────────────────────────────

  hasOutput(): boolean {
    return this.outHead < this.outEvents.length;
  }

  peekOutputTime(): number {
    return this.outTimes[this.outHead] ?? Number.POSITIVE_INFINITY;
  }

  takeOutput(): IngestEvent {
    const event = this.outEvents[this.outHead++] as IngestEvent;
    if (this.outHead >= 4_096 && this.outHead * 2 >= this.outEvents.length) {
      this.outEvents = this.outEvents.slice(this.outHead);
      this.outTimes = this.outTimes.slice(this.outHead);
      this.outHead = 0;
    }
    return event;
  }

  // ── identifiers ──────────────────────────────────────────────────────────

  private nextId(letter: string): string {
    // Offset so every sequence number has twelve digits: ids sort in emission order.
    return `${this.runCode}-${letter}${ID_OFFSET + this.eventSeq++}`;
  }

  allocateIp(space: IpSpace): string {
    return ipOf(this.opts.seed, space, this.ipCounters[space]++);
  }

  allocateDevice(): string {
    return deviceOf(this.opts.seed, this.deviceCounter++);
  }

  // ── rounds ───────────────────────────────────────────────────────────────

  /** The round of a table game open at `t`: its id, shared outcome and book of bets. */
  tableRound(game: GameSpec, t: number): TableRound {
    const table = game.table;
    if (!table) throw new Error(`${game.id} is not a table game`);
    const round = Math.floor((t - table.offsetMs) / table.roundMs);
    let state = this.tables[game.index];
    if (!state || state.round !== round) {
      const outcome = table.rules.draw(new Random(this.opts.seed, game.index, round, 0x70a1));
      const payouts = new TablePayouts(table.rules, outcome);
      state = { round, outcome, roundId: `${game.id}-${round}`, book: new RoundBook(), payouts };
      this.tables[game.index] = state;
    }
    return state;
  }

  /** When the round open at `t` closes for bets. */
  roundEnd(game: GameSpec, t: number): number {
    const table = game.table;
    if (!table) return t;
    const round = Math.floor((t - table.offsetMs) / table.roundMs);
    return table.offsetMs + (round + 1) * table.roundMs;
  }

  matchRound(match: Match): MatchRound {
    let entry = this.matches.get(match.roundId);
    if (!entry) {
      entry = { kickoff: match.kickoff, book: new RoundBook(), payouts: new MatchPayouts(match) };
      this.matches.set(match.roundId, entry);
      if (this.matches.size > 256) {
        for (const [id, e] of this.matches) if (e.kickoff < this.now) this.matches.delete(id);
      }
    }
    return entry;
  }

  nextSpinId(game: GameSpec): string {
    const n = this.slotSpins[game.index] ?? 0;
    this.slotSpins[game.index] = n + 1;
    return `${game.id}-${this.runCode}-${n}`;
  }

  // ── events ───────────────────────────────────────────────────────────────

  private push(time: number, event: IngestEvent): void {
    this.outEvents.push(event);
    this.outTimes.push(time);
    this.emitted++;
  }

  emitBet(
    t: number,
    member: Member,
    game: GameSpec,
    roundId: string,
    side: string | undefined,
    stakeCents: number,
    payoutCents: number,
  ): void {
    this.bets++;
    this.push(t, {
      type: 'bet',
      id: this.nextId('b'),
      at: iso(t),
      memberId: member.id,
      gameId: game.id,
      roundId,
      stake: stakeCents / 100,
      payout: payoutCents / 100,
      currency: this.opts.currency,
      side,
      gameType: game.master.gameType,
      customerId: member.customerId,
    });
  }

  emitLogin(t: number, member: Member, ip: string, device: string, success = true): void {
    this.push(t, { type: 'login', id: this.nextId('l'), at: iso(t), memberId: member.id, ip, device, success });
  }

  /** The member signs up, from their home address and first device unless told otherwise. */
  emitRegister(t: number, member: Member, ip = member.ips[0] as string, device = member.devices[0] as string): void {
    member.registered = true;
    const { seed } = this.opts;
    const { nickName, account } = profileOf(seed, member.index);
    this.push(t, {
      type: 'register',
      id: this.nextId('r'),
      at: iso(t),
      memberId: member.id,
      ip,
      device,
      nickName,
      account,
      mobile: mobileOf(seed, member.index),
      vipLevel: member.vipLevel,
    });
  }

  emitPurchase(t: number, member: Member, cents: number, platform: string, paymentName: string, category: string) {
    member.topUps.push(t, cents);
    this.push(t, {
      type: 'purchase',
      id: this.nextId('p'),
      at: iso(t),
      memberId: member.id,
      amount: cents / 100,
      currency: this.opts.currency,
      platform,
      paymentName,
      category,
    });
  }

  emitTransfer(t: number, member: Member, cents: number, direction: 'in' | 'out', counterpartyId: string) {
    member.transfers.push(t, cents);
    this.push(t, {
      type: 'transfer',
      id: this.nextId('t'),
      at: iso(t),
      memberId: member.id,
      amount: cents / 100,
      currency: this.opts.currency,
      direction,
      counterpartyId,
    });
  }

  emitBonus(t: number, member: Member, cents: number, category: string, eventName: string) {
    member.bonus.push(t, cents);
    this.push(t, {
      type: 'bonus',
      id: this.nextId('e'),
      at: iso(t),
      memberId: member.id,
      points: cents / 100,
      category,
      eventName,
    });
  }
}

const ID_OFFSET = 100_000_000_000;
const MILLIS = Array.from({ length: 1000 }, (_, ms) => `${String(ms).padStart(3, '0')}Z`);
let isoSecond = Number.NaN;
let isoPrefix = '';

/** ISO 8601 in UTC; the date-time part is cached per second because many events share it. */
export function iso(t: number): string {
  const second = Math.floor(t / 1000);
  if (second !== isoSecond) {
    isoSecond = second;
    isoPrefix = new Date(second * 1000).toISOString().slice(0, 20);
  }
  return isoPrefix + MILLIS[t - second * 1000];
}
