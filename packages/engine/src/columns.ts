const STRIDE = 5;
const T = 0;
const X = 1;
const Y = 2;
const LEVEL = 3;
const RAISED = 4;
/** Shared by the stores that keep no members (never written). */
const NO_MEMBERS: string[] = [];

/**
 * A subject's counted events in (time, id) order. The numbers of a row sit side by side in one unboxed
 * double array (time, x, y, level, raised), the ids in a second array and, for distinct-member counts,
 * the members in a third: no object per event, and few objects per subject, which keeps the garbage
 * collector and the cache misses of millions of retained events low. Rows before `head` have left every
 * window that can still be evaluated; they are compacted away now and then.
 */
export class Columns {
  /** First live row. */
  head = 0;
  private numbers: number[] = [];
  private ids: string[] = [];
  private members: string[];

  constructor(private readonly keepsMembers: boolean) {
    this.members = keepsMembers ? [] : NO_MEMBERS;
  }

  /** One past the last row. */
  get end(): number {
    return this.ids.length;
  }

  get size(): number {
    return this.ids.length - this.head;
  }

  /** Event time, epoch ms. */
  t(i: number): number {
    return this.numbers[i * STRIDE + T] as number;
  }
  /** Stake (ratio), 1 for a win else 0 (streak), amount in base currency or points (sums). */
  x(i: number): number {
    return this.numbers[i * STRIDE + X] as number;
  }
  /** Payout (ratio); 0 otherwise. */
  y(i: number): number {
    return this.numbers[i * STRIDE + Y] as number;
  }
  /** The level reached when the row's position was evaluated (0 = none). */
  level(i: number): number {
    return this.numbers[i * STRIDE + LEVEL] as number;
  }
  /** Bit mask of the levels already raised at the row's position (bit n = level n). */
  raised(i: number): number {
    return this.numbers[i * STRIDE + RAISED] as number;
  }
  id(i: number): string {
    return this.ids[i] as string;
  }
  /** The member (distinct-member counts); '' otherwise. */
  member(i: number): string {
    return this.keepsMembers ? (this.members[i] as string) : '';
  }

  setLevel(i: number, level: number): void {
    this.numbers[i * STRIDE + LEVEL] = level;
  }
  setRaised(i: number, raised: number): void {
    this.numbers[i * STRIDE + RAISED] = raised;
  }

  push(t: number, id: string, x: number, y: number, member: string, level = 0, raised = 0): void {
    this.numbers.push(t, x, y, level, raised);
    this.ids.push(id);
    if (this.keepsMembers) this.members.push(member);
  }

  /** Copies row `i` of `from` to the end. */
  pushRow(from: Columns, i: number): void {
    this.push(from.t(i), from.id(i), from.x(i), from.y(i), from.member(i), from.level(i), from.raised(i));
  }

  /** Orders row i against (t, id): negative when the row comes first. */
  compare(i: number, t: number, id: string): number {
    const rowId = this.ids[i] as string;
    return this.t(i) - t || (rowId < id ? -1 : rowId > id ? 1 : 0);
  }

  /** An empty store of the same kind. */
  empty(): Columns {
    return new Columns(this.keepsMembers);
  }

  /** Moves the live rows to the front once the dropped ones are the majority; returns how far they moved. */
  compact(): number {
    const shift = this.head;
    if (shift < 64 || shift * 2 < this.ids.length) return 0;
    this.numbers = this.numbers.slice(shift * STRIDE);
    this.ids = this.ids.slice(shift);
    if (this.keepsMembers) this.members = this.members.slice(shift);
    this.head = 0;
    return shift;
  }
}
