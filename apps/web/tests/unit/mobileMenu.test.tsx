import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { MobileMenu } from "../../src/layout/MobileMenu.tsx";

describe("the mobile menu", () => {
  it("opens with the five section links and closes after a choice", async () => {
    const user = userEvent.setup();
    render(<MobileMenu />);
    const toggle = screen.getByRole("button", { name: "Menu" });
    expect(toggle.getAttribute("aria-expanded")).toBe("false");
    await user.click(toggle);
    expect(toggle.getAttribute("aria-expanded")).toBe("true");
    const links = screen.getAllByRole("link").map((link) => link.getAttribute("href"));
    expect(links).toEqual(["#home", "#services", "#about", "#gallery", "#contact"]);
    await user.click(screen.getByRole("link", { name: "About" }));
    expect(toggle.getAttribute("aria-expanded")).toBe("false");
    expect(screen.queryByRole("link", { name: "About" })).toBeNull();
  });
});
