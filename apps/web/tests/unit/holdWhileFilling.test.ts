import { act, renderHook } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { whenIdle } from "../../src/start/idleWork.ts";
import { useHoldWhileFilling } from "../../src/start/useHoldWhileFilling.ts";

// jsdom has no requestIdleCallback: idle work comes 1 s after it is due, as in Safari.
describe("idle work while the visitor fills in the form", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const form = () =>
    renderHook(({ sending }) => useHoldWhileFilling(sending), {
      initialProps: { sending: false },
    });

  it("waits while they keep typing, and goes once they pause for 5 s", () => {
    const { result } = form();
    const run = vi.fn();
    whenIdle(run);
    act(() => result.current.filling());
    for (let second = 0; second < 8; second++) {
      act(() => vi.advanceTimersByTime(1000));
      act(() => result.current.filling());
    }
    expect(run).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(5000));
    act(() => vi.advanceTimersByTime(1000));
    expect(run).toHaveBeenCalledOnce();
  });

  it("waits while their request is on its way, however long, and goes once it is answered", () => {
    const { result, rerender } = form();
    const run = vi.fn();
    act(() => result.current.filling());
    whenIdle(run);
    rerender({ sending: true });
    act(() => vi.advanceTimersByTime(30_000));
    expect(run).not.toHaveBeenCalled();
    rerender({ sending: false });
    act(() => result.current.filled());
    act(() => vi.advanceTimersByTime(1000));
    expect(run).toHaveBeenCalledOnce();
  });

  it("lets go when the form goes away", () => {
    const { result, unmount } = form();
    const run = vi.fn();
    act(() => result.current.filling());
    whenIdle(run);
    unmount();
    act(() => vi.advanceTimersByTime(1000));
    expect(run).toHaveBeenCalledOnce();
  });
});
