// One admission lane (issue 17): at most `concurrency` requests run at once; the next ones wait in a
// bounded FIFO queue for at most `queueTimeoutMs`. A request waiting here holds no database
// connection: it has not started any work yet.
export type LaneLimits = { concurrency: number; queueLength: number; queueTimeoutMs: number };

// Why a request was not admitted: the queue was full, its wait passed the deadline, or its client
// went away while it waited.
export type Refusal = 'full' | 'deadline' | 'gone';

export class LaneRefusal extends Error {
  constructor(readonly reason: Refusal) {
    super(`not admitted: ${reason}`);
  }
}

// Ends an admitted request's turn; a second call does nothing.
export type Release = () => void;

type Waiter = { admit: (release: Release) => void };

// The estimate of a request's run time starts here, then follows the lane's recent requests.
const INITIAL_SERVICE_MS = 500;
const SERVICE_MS_WEIGHT = 0.2;
const MAX_RETRY_AFTER_SECONDS = 60;

export class AdmissionLane {
  #running = 0;
  readonly #queue: Waiter[] = [];
  #serviceMs = INITIAL_SERVICE_MS;

  constructor(readonly limits: LaneLimits) {}

  get running(): number {
    return this.#running;
  }

  get queued(): number {
    return this.#queue.length;
  }

  // Admitted at once when a place is free (no promise, no timer: the common case stays cheap).
  tryEnter(): Release | null {
    if (this.#running >= this.limits.concurrency) return null;
    this.#running += 1;
    return this.#releaser();
  }

  // Waits for a place in turn; rejects with a LaneRefusal when the queue is full, at the deadline,
  // or when `signal` aborts (the client went away), leaving the queue at once in the last two cases.
  enter(signal: AbortSignal): Promise<Release> {
    const now = this.tryEnter();
    if (now) return Promise.resolve(now);
    if (this.#queue.length >= this.limits.queueLength) return Promise.reject(new LaneRefusal('full'));
    if (signal.aborted) return Promise.reject(new LaneRefusal('gone'));
    return new Promise<Release>((resolve, reject) => {
      const leave = (reason: Refusal) => {
        const at = this.#queue.indexOf(waiter);
        if (at >= 0) this.#queue.splice(at, 1);
        settle();
        reject(new LaneRefusal(reason));
      };
      const onAbort = () => leave('gone');
      const timer = setTimeout(() => leave('deadline'), this.limits.queueTimeoutMs);
      const settle = () => {
        clearTimeout(timer);
        signal.removeEventListener('abort', onAbort);
      };
      const waiter: Waiter = {
        admit: (release) => {
          settle();
          resolve(release);
        },
      };
      signal.addEventListener('abort', onAbort, { once: true });
      this.#queue.push(waiter);
    });
  }

  // Seconds after which a retry may find a place: the queue ahead of it, at the lane's recent pace.
  retryAfterSeconds(): number {
    const ahead = this.#queue.length + 1;
    const seconds = Math.ceil((ahead * this.#serviceMs) / this.limits.concurrency / 1000);
    return Math.min(MAX_RETRY_AFTER_SECONDS, Math.max(1, seconds));
  }

  #releaser(): Release {
    const started = performance.now();
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const took = performance.now() - started;
      this.#serviceMs += (took - this.#serviceMs) * SERVICE_MS_WEIGHT;
      const next = this.#queue.shift();
      // The place passes straight to the first waiter: nobody arriving meanwhile can jump the queue.
      if (next) next.admit(this.#releaser());
      else this.#running -= 1;
    };
  }
}
