/**
 * The daily backup while the desk runs: a plain timer on the core's clock. The first one comes a
 * day after the newest backup (or `firstDelayMs` after start when there is none, so a start is not
 * slowed by it); each next one a day after the last attempt, failed or not.
 */
import type { CoreClock, CoreLog } from '../types';

export interface DailyOptions {
  clock: CoreClock;
  log: CoreLog;
  everyMs: number;
  firstDelayMs: number;
  /** When the newest backup was taken. */
  last(): Promise<Date | null>;
  run(): Promise<unknown>;
}

export interface Scheduler {
  stop(): void;
}

export function scheduleDaily(o: DailyOptions): Scheduler {
  let timer: unknown = null;
  let stopped = false;
  const arm = (ms: number) => {
    if (stopped) return;
    timer = o.clock.setTimeout(() => void fire(), Math.max(0, ms));
  };
  const fire = async () => {
    timer = null;
    try {
      await o.run();
    } catch (e) {
      o.log.error('daily backup failed', { message: (e as Error).message });
    }
    arm(o.everyMs);
  };
  void o.last().then(
    (last) => arm(last ? last.getTime() + o.everyMs - o.clock.now().getTime() : o.firstDelayMs),
    () => arm(o.firstDelayMs),
  );
  return {
    stop() {
      stopped = true;
      if (timer !== null) o.clock.clearTimeout(timer);
    },
  };
}
