/**
 * Group commit done by the application: rows written while a write of earlier rows is under way wait
 * for it and are then written together, in one statement (up to `max`). Each caller's promise settles
 * when its own row is written (or its batch failed). Under load, one statement and one commit serve
 * dozens of deliveries; when idle, a row is written at once.
 */
export class Coalescer<T> {
  private queue: { value: T; resolve: () => void; reject: (error: unknown) => void }[] = [];
  private running = false;

  constructor(
    private readonly write: (values: T[]) => Promise<void>,
    private readonly max = 500,
  ) {}

  add(value: T): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      this.queue.push({ value, resolve, reject });
      if (!this.running) void this.drain();
    });
  }

  private async drain(): Promise<void> {
    this.running = true;
    // Rows added in the same tick join the first write.
    await new Promise<void>((resolve) => setImmediate(resolve));
    while (this.queue.length > 0) {
      const batch = this.queue.splice(0, this.max);
      try {
        await this.write(batch.map((b) => b.value));
        for (const b of batch) b.resolve();
      } catch (error) {
        for (const b of batch) b.reject(error);
      }
    }
    this.running = false;
  }
}
