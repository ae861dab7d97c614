import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createInactivityTimer } from './inactivity';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

const MINUTE = 60_000;

function track(target: EventTarget | null = null) {
  const onWarn = vi.fn();
  const onTimeout = vi.fn();
  const timer = createInactivityTimer({ idleMs: 15 * MINUTE, warnMs: MINUTE, onWarn, onTimeout, target });
  return { timer, onWarn, onTimeout };
}

describe('createInactivityTimer', () => {
  it('warns one minute before the 15-minute time-out, then times out', async () => {
    const { onWarn, onTimeout } = track();
    await vi.advanceTimersByTimeAsync(14 * MINUTE - 1);
    expect(onWarn).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(onWarn).toHaveBeenCalledWith(MINUTE);
    await vi.advanceTimersByTimeAsync(MINUTE - 1);
    expect(onTimeout).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(onTimeout).toHaveBeenCalledTimes(1);
    expect(onWarn).toHaveBeenCalledTimes(1);
  });

  it('activity postpones the warning', async () => {
    const { timer, onWarn } = track();
    await vi.advanceTimersByTimeAsync(10 * MINUTE);
    timer.touch();
    await vi.advanceTimersByTimeAsync(13 * MINUTE);
    expect(onWarn).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(MINUTE);
    expect(onWarn).toHaveBeenCalledTimes(1);
  });

  it('activity during the warning does not dismiss it', async () => {
    const { timer, onTimeout } = track();
    await vi.advanceTimersByTimeAsync(14 * MINUTE);
    timer.touch();
    await vi.advanceTimersByTimeAsync(MINUTE);
    expect(onTimeout).toHaveBeenCalledTimes(1);
  });

  it('Stay Logged In dismisses the warning and starts a new idle period', async () => {
    const { timer, onWarn, onTimeout } = track();
    await vi.advanceTimersByTimeAsync(14 * MINUTE + 30_000);
    timer.stayLoggedIn();
    await vi.advanceTimersByTimeAsync(14 * MINUTE - 1);
    expect(onTimeout).not.toHaveBeenCalled();
    expect(onWarn).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(onWarn).toHaveBeenCalledTimes(2);
    timer.stop();
  });

  it('listens to activity events, throttled, and stop() removes everything', async () => {
    const target = new EventTarget();
    const add = vi.spyOn(target, 'addEventListener');
    const remove = vi.spyOn(target, 'removeEventListener');
    const { timer, onWarn, onTimeout } = track(target);
    expect(add).toHaveBeenCalled();

    await vi.advanceTimersByTimeAsync(13 * MINUTE);
    target.dispatchEvent(new Event('keydown'));
    await vi.advanceTimersByTimeAsync(13 * MINUTE);
    expect(onWarn).not.toHaveBeenCalled();

    // Within the throttle window a second event is not handled: the idle period starts at the first.
    target.dispatchEvent(new Event('pointermove'));
    await vi.advanceTimersByTimeAsync(500);
    target.dispatchEvent(new Event('pointermove'));
    await vi.advanceTimersByTimeAsync(14 * MINUTE - 500);
    expect(onWarn).toHaveBeenCalledTimes(1);

    timer.stop();
    expect(remove).toHaveBeenCalledTimes(add.mock.calls.length);
    await vi.advanceTimersByTimeAsync(60 * MINUTE);
    expect(onTimeout).not.toHaveBeenCalled();
  });

  it('a tab that slept past the deadline times out at once', async () => {
    let clock = 0;
    const onTimeout = vi.fn();
    createInactivityTimer({ onWarn: vi.fn(), onTimeout, now: () => clock, target: null });
    clock = 20 * MINUTE;
    await vi.advanceTimersByTimeAsync(14 * MINUTE);
    expect(onTimeout).toHaveBeenCalledTimes(1);
  });
});
