import { now, setClock } from '../../schema/calendar';
import type { Scheduler, TickSummary } from './scheduler';

/**
 * The sandbox clock (`SANDBOX_CLOCK=1`, never in production): lets a developer, a demo or a browser
 * test see the rules of time happen without waiting — a pending test card settling after 10
 * minutes, a payment link expiring, a scheduled SMS leaving, a webhook retried. It moves the clock
 * every rule reads (`now()` of `schema/calendar.ts`) forward by an offset from the real time, which
 * keeps running, then runs one scheduler tick at the new time. It only ever moves forward: records
 * already written stay in order.
 */
export class SandboxClock {
  private offsetMs = 0;

  constructor(private readonly scheduler: () => Scheduler) {}

  /** Moves the clock `minutes` forward, then does what is due then; answers the new time and the tick. */
  async advance(minutes: number): Promise<{ now: Date; tick: TickSummary }> {
    this.offsetMs += minutes * 60_000;
    const offset = this.offsetMs;
    setClock(() => new Date(Date.now() + offset));
    const at = now();
    return { now: at, tick: await this.scheduler().tick(at) };
  }

  /** The real clock again (the server closing). */
  reset(): void {
    if (this.offsetMs === 0) return;
    this.offsetMs = 0;
    setClock();
  }
}
