/**
 * The simulation's agenda: every session, arrival process and plant is an action waiting for its
 * time. Ties are broken by scheduling order, so the history is the same on every run. Keys live in
 * typed arrays beside the items: actions are of many classes, and comparing through their own fields
 * would make every comparison a polymorphic property load.
 */
export class Agenda<T> {
  private times = new Float64Array(1024);
  private seqs = new Float64Array(1024);
  private items: (T | undefined)[] = [];
  private length = 0;

  get size(): number {
    return this.length;
  }

  peekTime(): number {
    return this.length > 0 ? (this.times[0] as number) : Number.POSITIVE_INFINITY;
  }

  push(item: T, time: number, seq: number): void {
    if (this.length === this.times.length) this.grow();
    const { times, seqs, items } = this;
    let i = this.length++;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      const pt = times[parent] as number;
      if (pt < time || (pt === time && (seqs[parent] as number) < seq)) break;
      times[i] = pt;
      seqs[i] = seqs[parent] as number;
      items[i] = items[parent];
      i = parent;
    }
    times[i] = time;
    seqs[i] = seq;
    items[i] = item;
  }

  pop(): T | undefined {
    if (this.length === 0) return undefined;
    const { times, seqs, items } = this;
    const top = items[0];
    const n = --this.length;
    const time = times[n] as number;
    const seq = seqs[n] as number;
    const item = items[n];
    items[n] = undefined;
    let i = 0;
    for (;;) {
      let child = 2 * i + 1;
      if (child >= n) break;
      const right = child + 1;
      if (right < n) {
        const lt = times[child] as number;
        const rt = times[right] as number;
        if (rt < lt || (rt === lt && (seqs[right] as number) < (seqs[child] as number))) child = right;
      }
      const ct = times[child] as number;
      if (time < ct || (time === ct && seq < (seqs[child] as number))) break;
      times[i] = ct;
      seqs[i] = seqs[child] as number;
      items[i] = items[child];
      i = child;
    }
    if (n > 0) {
      times[i] = time;
      seqs[i] = seq;
      items[i] = item;
    }
    return top;
  }

  private grow(): void {
    const times = new Float64Array(this.times.length * 2);
    const seqs = new Float64Array(this.seqs.length * 2);
    times.set(this.times);
    seqs.set(this.seqs);
    this.times = times;
    this.seqs = seqs;
  }
}
