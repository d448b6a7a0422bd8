import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { holdIdleWork, whenIdle } from "../../src/start/idleWork.ts";

// jsdom has no requestIdleCallback: the work comes 1 s after it is asked for, as in Safari.
describe("idle work", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("runs once the browser is idle", () => {
    const run = vi.fn();
    whenIdle(run);
    expect(run).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1000);
    expect(run).toHaveBeenCalledOnce();
  });

  it("waits while held, and runs once the last hold is released and the browser is idle again", () => {
    const run = vi.fn();
    const form = holdIdleWork();
    const send = holdIdleWork();
    whenIdle(run);
    vi.advanceTimersByTime(10_000);
    expect(run).not.toHaveBeenCalled();
    form();
    form();
    vi.advanceTimersByTime(10_000);
    expect(
      run,
      "one hold is still on, however often the other was released",
    ).not.toHaveBeenCalled();
    send();
    expect(run, "not in the release's own task").not.toHaveBeenCalled();
    vi.advanceTimersByTime(1000);
    expect(run).toHaveBeenCalledOnce();
  });

  it("is cancelled while it waits, and then never runs", () => {
    const run = vi.fn();
    const release = holdIdleWork();
    const cancel = whenIdle(run);
    vi.advanceTimersByTime(1000);
    cancel();
    release();
    vi.advanceTimersByTime(10_000);
    expect(run).not.toHaveBeenCalled();
  });
});
