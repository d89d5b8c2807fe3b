/** A save waiting for input to go quiet: its timer, and what it will do. */
interface WaitingSave {
  timer: ReturnType<typeof setTimeout>;
  save: () => Promise<boolean>;
}

/**
 * Saves of what the user changes (a model, a parameter), each under a key: a save runs once input has been
 * quiet for a moment (a dragged slider is one save, not fifty), and `flush` runs the waiting ones at once
 * and waits for those on their way, so what is on screen when the user sends is what the request is built
 * from.
 */
export class SaveQueue {
  readonly #waiting = new Map<string, WaitingSave>();
  readonly #inFlight = new Map<string, Promise<boolean>>();
  readonly #quietMs: number;

  constructor(quietMs: number) {
    this.#quietMs = quietMs;
  }

  /** Runs `save` once nothing else was queued under `key` for a moment. */
  debounce(key: string, save: () => Promise<boolean>): void {
    const waiting = this.#waiting.get(key);
    if (waiting) clearTimeout(waiting.timer);
    this.#waiting.set(key, {
      save,
      timer: setTimeout(() => {
        this.#waiting.delete(key);
        void this.#start(key, save);
      }, this.#quietMs),
    });
  }

  /** Saves now whatever waits under keys that start with `prefix`, and waits for those on their way. */
  async flush(prefix: string): Promise<boolean> {
    const running: Promise<boolean>[] = [];
    for (const [key, waiting] of [...this.#waiting]) {
      if (!key.startsWith(prefix)) continue;
      clearTimeout(waiting.timer);
      this.#waiting.delete(key);
      running.push(this.#start(key, waiting.save));
    }
    for (const [key, inFlight] of this.#inFlight) if (key.startsWith(prefix)) running.push(inFlight);
    const results = await Promise.all(running);
    return results.every(Boolean);
  }

  #start(key: string, save: () => Promise<boolean>): Promise<boolean> {
    const running = save().finally(() => {
      if (this.#inFlight.get(key) === running) this.#inFlight.delete(key);
    });
    this.#inFlight.set(key, running);
    return running;
  }
}
