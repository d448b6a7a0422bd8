import { act, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Tooltip, TooltipProvider } from "../src/tooltip.tsx";

function renderTooltip() {
  render(
    <TooltipProvider>
      <Tooltip content="Questions? Chat with us">
        <button type="button">Open help chat</button>
      </Tooltip>
    </TooltipProvider>,
  );
  return screen.getByRole("button", { name: "Open help chat" });
}

const mouse = { pointerType: "mouse" } as const;
const point = (trigger: HTMLElement) => fireEvent.pointerMove(trigger, mouse);
/** Leaves the trigger and moves on, away from the tooltip, as a mouse does. */
const leave = (trigger: HTMLElement) => {
  fireEvent.pointerLeave(trigger, mouse);
  fireEvent.pointerMove(document.body, { ...mouse, clientX: 500, clientY: 500 });
};
const wait = (ms: number) => act(() => vi.advanceTimersByTime(ms));
const shown = () => screen.queryByRole("tooltip") !== null;

describe("Tooltip timing, measured on a fake clock", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    // Radix sizes the arrow with a ResizeObserver, which jsdom lacks.
    vi.stubGlobal(
      "ResizeObserver",
      class {
        observe() {}
        unobserve() {}
        disconnect() {}
      },
    );
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it("opens after 700 ms of hover, not before", () => {
    const trigger = renderTooltip();
    point(trigger);
    wait(699);
    expect(shown()).toBe(false);
    wait(1);
    expect(shown()).toBe(true);
  });

  it("opens at once when pointed at again within 300 ms of leaving, and waits again after", () => {
    const trigger = renderTooltip();
    point(trigger);
    wait(700);
    leave(trigger);
    expect(shown()).toBe(false);
    wait(299);
    point(trigger);
    expect(shown()).toBe(true);
    leave(trigger);
    wait(300);
    point(trigger);
    expect(shown()).toBe(false);
    wait(700);
    expect(shown()).toBe(true);
  });
});
