import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { Button, ButtonLink } from "../src/button.tsx";
import { FormField } from "../src/formField.tsx";
import { Image } from "../src/image.tsx";
import { Input } from "../src/input.tsx";
import { Select } from "../src/select.tsx";

describe("Button and ButtonLink", () => {
  it("a Button is a real button that never submits a form by accident", () => {
    render(<Button>Save</Button>);
    expect(screen.getByRole("button", { name: "Save" })).toHaveProperty("type", "button");
  });

  it("a ButtonLink is a link with an href, styled like a button", () => {
    render(<ButtonLink href="#contact">Go</ButtonLink>);
    const link = screen.getByRole("link", { name: "Go" });
    expect(link.getAttribute("href")).toBe("#contact");
    expect(link.className).toContain("rounded-lg");
  });
});

describe("FormField", () => {
  it("names its control with the label and marks required fields", () => {
    render(
      <FormField name="email" label="Email Address" required>
        {(control) => <Input {...control} type="email" />}
      </FormField>,
    );
    const input = screen.getByLabelText(/Email Address/);
    expect(input.getAttribute("required")).not.toBeNull();
    expect(input.getAttribute("aria-invalid")).toBe("false");
    expect(input.getAttribute("aria-describedby")).toBeNull();
  });

  it("ties the error to the control, so screen readers hear what to fix", () => {
    render(
      <FormField name="phone" label="Phone Number" error="Please enter a phone number.">
        {(control) => <Input {...control} />}
      </FormField>,
    );
    const input = screen.getByLabelText("Phone Number");
    expect(input.getAttribute("aria-invalid")).toBe("true");
    const describedBy = input.getAttribute("aria-describedby") ?? "";
    expect(document.getElementById(describedBy)?.textContent).toBe("Please enter a phone number.");
  });
});

describe("Select", () => {
  it("offers an empty choice first, then the given options", () => {
    render(
      <Select
        aria-label="Service"
        placeholder="Pick one"
        options={[
          { value: "a", label: "A" },
          { value: "b", label: "B" },
        ]}
      />,
    );
    const options = screen
      .getAllByRole("option")
      .map((o) => [o.getAttribute("value"), o.textContent]);
    expect(options).toEqual([
      ["", "Pick one"],
      ["a", "A"],
      ["b", "B"],
    ]);
  });
});

describe("Image", () => {
  it("is lazy with intrinsic size unless it is the priority picture", () => {
    const { rerender } = render(<Image src="/a.svg" alt="A drawing" width={800} height={600} />);
    const img = screen.getByRole("img", { name: "A drawing" });
    expect(img.getAttribute("loading")).toBe("lazy");
    expect(img.getAttribute("width")).toBe("800");
    expect(img.getAttribute("height")).toBe("600");
    rerender(<Image src="/a.svg" alt="A drawing" width={800} height={600} priority />);
    expect(screen.getByRole("img").getAttribute("loading")).toBe("eager");
  });

  it("offers AVIF and WebP sources before the fallback when given", () => {
    const { container } = render(
      <Image
        src="/a.jpg"
        alt="A photo"
        width={800}
        height={600}
        sources={[
          { type: "image/avif", srcSet: "/a-480.avif 480w" },
          { type: "image/webp", srcSet: "/a-480.webp 480w" },
        ]}
      />,
    );
    const types = [...container.querySelectorAll("picture > source")].map((s) =>
      s.getAttribute("type"),
    );
    expect(types).toEqual(["image/avif", "image/webp"]);
  });
});
