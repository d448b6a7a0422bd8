import type { ReactNode } from "react";
import { Label } from "./label.tsx";

export interface ControlProps {
  id: string;
  name: string;
  required: boolean;
  "aria-invalid": boolean;
  "aria-describedby"?: string;
}

/** The id of a field's control: labels, error messages and focus-on-error all find it by this. */
export const fieldId = (name: string) => `field-${name}`;

interface FormFieldProps {
  name: string;
  label: string;
  required?: boolean;
  /** The message that says what to fix; when set the control is marked invalid. */
  error?: string | undefined;
  children: (control: ControlProps) => ReactNode;
}

/**
 * Wires a label, a control and its error message together, so no field can be rendered without
 * a name for screen readers or with an error they cannot hear.
 */
export function FormField({ name, label, required = false, error, children }: FormFieldProps) {
  const id = fieldId(name);
  const errorId = `${id}-error`;
  const control: ControlProps = { id, name, required, "aria-invalid": error !== undefined };
  if (error) control["aria-describedby"] = errorId;
  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={id}>
        {label}
        {required && (
          <span aria-hidden="true" className="text-destructive">
            {" "}
            *
          </span>
        )}
      </Label>
      {children(control)}
      {error && (
        <p id={errorId} className="text-sm font-medium text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}
