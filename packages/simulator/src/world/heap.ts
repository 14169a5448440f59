/**
 * The simulation's agenda: every session, arrival process and plant is an action waiting for its
 * time. Ties are broken by scheduling order, so the history is the same on every run.
 */
export interface Scheduled {
  time: number;
  seq: number;
}

export class Agenda<T extends Scheduled> {
  private items: T[] = [];

  get size(): number {
    return this.items.length;
  }

  peekTime(): number {
    return this.items[0]?.time ?? Number.POSITIVE_INFINITY;
  }

  push(item: T): void {
    const items = this.items;
    let i = items.length;
    items.push(item);
    while (i > 0) {
      const parent = (i - 1) >> 1;
      const p = items[parent] as T;
      if (before(p, item)) break;
      items[i] = p;
      i = parent;
    }
    items[i] = item;
  }

  pop(): T | undefined {
    const items = this.items;
    const top = items[0];
    const last = items.pop();
    if (top === undefined || last === undefined || items.length === 0) return top;
    let i = 0;
    const n = items.length;
    for (;;) {
      const left = 2 * i + 1;
      if (left >= n) break;
      const right = left + 1;
      let child = left;
      if (right < n && before(items[right] as T, items[left] as T)) child = right;
      const c = items[child] as T;
      if (before(last, c)) break;
      items[i] = c;
      i = child;
    }
    items[i] = last;
    return top;
  }
}

function before(a: Scheduled, b: Scheduled): boolean {
  return a.time < b.time || (a.time === b.time && a.seq < b.seq);
}
