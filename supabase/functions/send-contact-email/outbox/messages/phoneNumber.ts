// An extension as the contact form accepts it: "x12", "ext. 12".
const extension = /(?:[xX]|[eE][xX][tT]\.?) *([0-9]{1,6}) *$/;

export interface DialableNumber {
  /** The number's digits, without its extension. */
  digits: string;
  /** Written with a leading +: the digits start with a country code. */
  international: boolean;
  extension: string | undefined;
}

/**
 * A visitor's phone as a phone dials it: its digits only, so no text around them reaches a link
 * or a message. Undefined below seven digits (a row stored before the form checked the number).
 */
export function dialableNumber(phone: string): DialableNumber | undefined {
  const ext = extension.exec(phone);
  const digits = (ext ? phone.slice(0, ext.index) : phone).replace(/[^0-9]/g, "");
  if (digits.length < 7) return undefined;
  return { digits, international: phone.trim().startsWith("+"), extension: ext?.[1] };
}

/** A tel: link to the number, or undefined when it has too few digits to be one. */
export function telHref(phone: string): string | undefined {
  const number = dialableNumber(phone);
  return number && `tel:${number.international ? "+" : ""}${number.digits}`;
}
