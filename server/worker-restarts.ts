/**
 * The cluster primary's pause before replacing a worker that died (start.ts): none for the first death,
 * then doubling from RESTART_BASE_MS up to RESTART_MAX_MS while workers keep dying young; a worker
 * that lived LIVED_LONG_MS or more resets it (its death is an accident, not a loop).
 */
export const RESTART_BASE_MS = 500;
export const RESTART_MAX_MS = 30_000;
export const LIVED_LONG_MS = 60_000;

export class WorkerRestarts {
  private readonly startedAt = new Map<number, number>();
  private quickDeaths = 0;

  constructor(private readonly now: () => number = Date.now) {}

  started(workerId: number): void {
    this.startedAt.set(workerId, this.now());
  }

  /** The pause (ms) before starting the dead worker's replacement. */
  exited(workerId: number): number {
    const started = this.startedAt.get(workerId) ?? this.now();
    this.startedAt.delete(workerId);
    if (this.now() - started >= LIVED_LONG_MS) this.quickDeaths = 0;
    const delay = this.quickDeaths === 0 ? 0 : Math.min(RESTART_MAX_MS, RESTART_BASE_MS * 2 ** (this.quickDeaths - 1));
    this.quickDeaths++;
    return delay;
  }
}
