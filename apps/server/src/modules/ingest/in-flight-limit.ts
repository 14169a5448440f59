import { AppError } from '../../lib/errors';

/**
 * Bounds the ingest calls one process works on at once (each may hold up to 10 MiB and a database
 * connection). Beyond it the server sheds load with 429 and Retry-After instead of queueing without
 * end, so a sender backs off and the console stays responsive.
 */
export class InFlightLimit {
  private active = 0;

  constructor(
    readonly max: number,
    readonly retryAfterSeconds = 1,
  ) {}

  get inFlight(): number {
    return this.active;
  }

  /** Takes a slot or throws 429; the answer releases it (once). */
  acquire(): () => void {
    if (this.active >= this.max) {
      throw new AppError(
        429,
        'OVERLOADED',
        `The server is busy storing other batches; retry in ${this.retryAfterSeconds} s`,
        undefined,
        { 'retry-after': String(this.retryAfterSeconds) },
      );
    }
    this.active++;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.active--;
    };
  }
}
