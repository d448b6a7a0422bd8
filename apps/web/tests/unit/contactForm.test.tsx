import { contactRequestErrors, serviceOptions } from "@bluewater/content";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useLayoutEffect } from "react";
import { hydrateRoot } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { ContactForm } from "../../src/contact/ContactForm.tsx";

/** Runs `run` right after the commit it is part of, before React's passive effects. */
function AfterCommit({ run }: { run: () => void }) {
  useLayoutEffect(() => queueMicrotask(run), [run]);
  return null;
}

const submit = () => screen.getByRole("button", { name: "Request Free Inspection" });

describe("the contact form", () => {
  it("has the five labelled fields with the right types and autocomplete", () => {
    render(<ContactForm />);
    const name = screen.getByLabelText(/Full Name/);
    const phone = screen.getByLabelText(/Phone Number/);
    const email = screen.getByLabelText(/Email Address/);
    expect(name.getAttribute("autocomplete")).toBe("name");
    expect(phone.getAttribute("type")).toBe("tel");
    expect(phone.getAttribute("autocomplete")).toBe("tel");
    expect(email.getAttribute("type")).toBe("email");
    expect(email.getAttribute("autocomplete")).toBe("email");
    expect(screen.getByLabelText("Describe Your Issue").tagName).toBe("TEXTAREA");
    const service = screen.getByLabelText("Service Needed");
    const values = [...service.querySelectorAll("option")].map((o) => o.getAttribute("value"));
    expect(values).toEqual(["", ...serviceOptions.map((o) => o.value)]);
  });

  it("blocks an empty submit, marks each required field and focuses the first", async () => {
    const user = userEvent.setup();
    render(<ContactForm />);
    await user.click(submit());
    for (const [label, message] of [
      [/Full Name/, contactRequestErrors.nameRequired],
      [/Phone Number/, contactRequestErrors.phoneRequired],
      [/Email Address/, contactRequestErrors.emailRequired],
    ] as const) {
      const field = screen.getByLabelText(label);
      expect(field.getAttribute("aria-invalid")).toBe("true");
      const error = document.getElementById(field.getAttribute("aria-describedby") ?? "");
      expect(error?.textContent).toBe(message);
    }
    expect(document.activeElement).toBe(screen.getByLabelText(/Full Name/));
    expect(screen.getByLabelText("Service Needed").getAttribute("aria-invalid")).toBe("false");
  });

  it("clears a field's error as soon as it is fixed, and focuses the next to fix", async () => {
    const user = userEvent.setup();
    render(<ContactForm />);
    await user.click(submit());
    await user.type(screen.getByLabelText(/Full Name/), "Jane Smith");
    expect(screen.getByLabelText(/Full Name/).getAttribute("aria-invalid")).toBe("false");
    await user.type(screen.getByLabelText(/Phone Number/), "555");
    await user.click(submit());
    expect(screen.getByText(contactRequestErrors.phoneInvalid)).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText(/Phone Number/));
  });

  it("checks the email format with the shared schema", async () => {
    const user = userEvent.setup();
    render(<ContactForm />);
    await user.type(screen.getByLabelText(/Full Name/), "Jane Smith");
    await user.type(screen.getByLabelText(/Phone Number/), "(586) 555-0123");
    await user.type(screen.getByLabelText(/Email Address/), "jane@example");
    await user.click(submit());
    expect(screen.getByText(contactRequestErrors.emailInvalid)).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText(/Email Address/));
  });

  it("hides its honeypot from people and assistive technology", () => {
    render(<ContactForm />);
    const honeypot = document.querySelector<HTMLInputElement>('input[name="website"]');
    expect(honeypot).not.toBeNull();
    expect(honeypot?.closest("[hidden]")).not.toBeNull();
    expect(honeypot?.tabIndex).toBe(-1);
  });

  it("checks what was typed before the app started, even for a submit right after hydration", async () => {
    // The server's form, filled in while the app was still on its way.
    const container = document.createElement("div");
    container.innerHTML = renderToString(<ContactForm />);
    document.body.append(container);
    const field = (name: string) =>
      container.querySelector<HTMLInputElement>(`[name="${name}"]`) ?? new HTMLInputElement();
    field("name").value = "Jane Smith";
    field("phone").value = "(586) 555-0123";
    field("email").value = "jane@example";
    // A submit in the first moment the app's handler is live: queued from the commit itself, so
    // it runs before React's passive effects, as a visitor's tap could.
    const submitted = new Promise<void>((resolve) => {
      hydrateRoot(
        container,
        <>
          <ContactForm />
          <AfterCommit
            run={() => {
              container.querySelector("form")?.requestSubmit();
              resolve();
            }}
          />
        </>,
      );
    });
    await submitted;
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(container.textContent).toContain(contactRequestErrors.emailInvalid);
    expect(container.textContent).not.toContain(contactRequestErrors.nameRequired);
    expect(field("name").value).toBe("Jane Smith");
    container.remove();
  });
});
