/**
 * A small in-process registry of counters and histograms, rendered in the Prometheus text format
 * (version 0.0.4). Gauges measured at scrape time (database pool, outbox depth) are added by the
 * `/metrics` route itself.
 */

type Labels = Record<string, string>;

function labelText(labels: Labels): string {
  const entries = Object.entries(labels);
  if (entries.length === 0) return '';
  const quote = (v: string) => v.replace(/\\/g, '\\\\').replace(/\n/g, '\\n').replace(/"/g, '\\"');
  return `{${entries.map(([k, v]) => `${k}="${quote(v)}"`).join(',')}}`;
}

function key(labels: Labels): string {
  return JSON.stringify(Object.entries(labels).sort(([a], [b]) => a.localeCompare(b)));
}

export class Counter {
  private readonly values = new Map<string, { labels: Labels; value: number }>();
  constructor(
    readonly name: string,
    readonly help: string,
  ) {}

  inc(labels: Labels = {}, by = 1): void {
    const k = key(labels);
    const entry = this.values.get(k) ?? { labels, value: 0 };
    entry.value += by;
    this.values.set(k, entry);
  }

  get(labels: Labels = {}): number {
    return this.values.get(key(labels))?.value ?? 0;
  }

  render(): string {
    const lines = [`# HELP ${this.name} ${this.help}`, `# TYPE ${this.name} counter`];
    if (this.values.size === 0) lines.push(`${this.name} 0`);
    for (const { labels, value } of this.values.values()) lines.push(`${this.name}${labelText(labels)} ${value}`);
    return lines.join('\n');
  }
}

export class Histogram {
  private readonly counts: number[];
  private sum = 0;
  private count = 0;
  constructor(
    readonly name: string,
    readonly help: string,
    readonly buckets: readonly number[],
  ) {
    this.counts = buckets.map(() => 0);
  }

  observe(value: number): void {
    this.sum += value;
    this.count += 1;
    for (const [i, le] of this.buckets.entries()) if (value <= le) this.counts[i] = (this.counts[i] ?? 0) + 1;
  }

  render(): string {
    const lines = [`# HELP ${this.name} ${this.help}`, `# TYPE ${this.name} histogram`];
    for (const [i, le] of this.buckets.entries()) lines.push(`${this.name}_bucket{le="${le}"} ${this.counts[i] ?? 0}`);
    lines.push(`${this.name}_bucket{le="+Inf"} ${this.count}`);
    lines.push(`${this.name}_sum ${this.sum}`);
    lines.push(`${this.name}_count ${this.count}`);
    return lines.join('\n');
  }
}

/** A gauge measured now: one sample per label set. */
export function renderGauge(name: string, help: string, samples: Array<{ labels?: Labels; value: number }>): string {
  const lines = [`# HELP ${name} ${help}`, `# TYPE ${name} gauge`];
  for (const { labels, value } of samples) lines.push(`${name}${labelText(labels ?? {})} ${value}`);
  return lines.join('\n');
}

/** The server's own metrics. */
export class Metrics {
  readonly eventsIngested = new Counter(
    'pitboss_events_ingested_total',
    'Events received by POST /api/v2/ingest/events, by outcome (accepted, duplicate, too_old)',
  );
  readonly ingestBatches = new Counter('pitboss_ingest_batches_total', 'Ingest calls answered, by HTTP status');
  readonly batchSeconds = new Histogram(
    'pitboss_ingest_batch_duration_seconds',
    'Time to answer one POST /api/v2/ingest/events call',
    [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  );
  readonly alertsRaised = new Counter(
    'pitboss_alerts_raised_total',
    'Alerts raised by this process, by kind (escalations of a pending alert counted apart)',
  );
  readonly unavailable = new Counter(
    'pitboss_database_unavailable_total',
    'Requests answered 503 because the database could not be reached',
  );

  render(): string {
    return [this.eventsIngested, this.ingestBatches, this.batchSeconds, this.alertsRaised, this.unavailable]
      .map((m) => m.render())
      .join('\n');
  }
}

/** True when `error` says the database cannot be reached (as opposed to a statement it refused). */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof code === 'string') {
    if (['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'ENOTFOUND', 'EHOSTUNREACH', 'EPIPE', 'EAI_AGAIN'].includes(code))
      return true;
    // connection_exception, admin_shutdown, crash_shutdown, cannot_connect_now, too_many_connections.
    if (code.startsWith('08') || ['57P01', '57P02', '57P03', '53300'].includes(code)) return true;
  }
  return (
    typeof message === 'string' &&
    /Connection terminated|connection timeout|Client has encountered a connection error|Cannot use a pool after calling end/i.test(
      message,
    )
  );
}
