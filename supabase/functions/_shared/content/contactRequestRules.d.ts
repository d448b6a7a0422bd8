// Generated from the build of packages/content by `pnpm --filter @bluewater/supabase sync-content`. Edit packages/content/src.
/**
 * Bounds in characters (Unicode code points), the unit JSON Schema's `maxLength` counts. The
 * form's `maxLength` attributes count UTF-16 units, so the browser never lets through more.
 */
export declare const contactRequestLimits: {
  readonly name: 100;
  readonly email: 254;
  readonly phone: 30;
  readonly message: 2000;
  readonly phoneDigitsMin: 7;
  readonly phoneDigitsMax: 15;
};
/** What the visitor reads next to a field that needs fixing. */
export declare const contactRequestErrors: {
  readonly nameRequired: "Please enter your full name.";
  readonly nameTooLong: "Please shorten your name to 100 characters or fewer.";
  readonly phoneRequired: "Please enter a phone number so we can call you back.";
  readonly phoneInvalid: "Please enter a phone number we can call, like (586) 555-0123.";
  readonly emailRequired: "Please enter your email address.";
  readonly emailInvalid: "Please enter an email address like name@example.com.";
  readonly serviceInvalid: "Please choose a service from the list.";
  readonly messageTooLong: `Please shorten your description to ${string} characters or fewer.`;
  readonly notText: "Please enter this as text.";
  readonly unsupportedCharacter: "Please remove the unsupported character from this field.";
  readonly notSingleLine: "Please enter this on one line, without line breaks or hidden characters.";
};