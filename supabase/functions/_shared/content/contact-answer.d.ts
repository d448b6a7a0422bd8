// Generated from the build of packages/content by `pnpm --filter @bluewater/supabase sync-content`. Edit packages/content/src.
/** The `error` of each refusal: read by other teams' code, and by visitors through the site. */
export declare const contactAnswerErrors: {
  readonly forbiddenOrigin: "This website may not send contact requests here.";
  readonly method: "Send the contact request with POST.";
  readonly apiKey: "Missing or unknown API key: send the site's publishable key in the apikey header (or, from an HTML form, in an apikey field).";
  readonly notFound: "There is nothing at this address.";
  readonly unsupportedType: "Send the contact request as JSON (Content-Type: application/json) or as form fields (Content-Type: application/x-www-form-urlencoded).";
  readonly tooLarge: (maxBytes: number) => string;
  readonly notJson: "The request body is not valid JSON.";
  readonly notObject: "The request body must be a JSON object.";
  readonly notForm: "The form fields could not be read: send UTF-8 text in which every % starts a complete %XX escape.";
  readonly requestId: "The requestId must be a UUID (like 0d9e5a8c-7f6b-4c1e-9a2d-3b4c5d6e7f80), or be left out.";
  readonly idempotencyKey: "The Idempotency-Key header must be 1 to 255 visible ASCII characters, optionally in double quotes.";
  readonly twoKeys: "The Idempotency-Key header and the requestId field name different requests: send one of them, or the same key in both.";
  readonly keyReused: "This Idempotency-Key (or requestId) was already used for a request with different details. Send new details with a new key.";
  readonly tooMany: (retryAfterSeconds: number) => string;
  readonly unavailable: `We could not save your request just now. Please try again in a minute or ${string}.`;
  readonly unexpected: `Something went wrong on our side. Please ${string}.`;
};
/** The page a browser's form post gets when the request was not stored. */
export declare const contactAnswerPage: {
  readonly lang: "en-US";
  readonly title: "Your request was not sent yet | Blue Water Waterproofing";
  readonly heading: "Your request was not sent yet";
  readonly reasons: {
    readonly fields: "Some details need a fix before we can send them: see the notes next to the fields.";
    readonly unreadable: "We could not read the form your browser sent. Please check your details and send them again.";
    readonly notAccepted: "We could not accept the form from the page it was sent from. Please send your details again from here.";
    readonly tooLong: "Your request was longer than we can accept. Please enter your details again with a shorter description.";
  };
  readonly detailsKept: "Your details are still here.";
  readonly formLabel: "Free inspection request";
  readonly fields: {
    readonly name: {
      readonly label: "Full Name";
      readonly placeholder: "Jane Smith";
      readonly autoComplete: "name";
    };
    readonly phone: {
      readonly label: "Phone Number";
      readonly placeholder: "(586) 555-0123";
      readonly autoComplete: "tel";
    };
    readonly email: {
      readonly label: "Email Address";
      readonly placeholder: "jane@example.com";
      readonly autoComplete: "email";
    };
    readonly service: {
      readonly label: "Service Needed";
      readonly placeholder: "Select a service (optional)";
    };
    readonly message: {
      readonly label: "Describe Your Issue";
      readonly placeholder: "For example: water along the back wall after heavy rain, a crack by the stairs…";
    };
  };
  readonly requiredNote: "Fields marked * are required.";
  readonly honeypotLabel: "Leave this field empty";
  readonly submit: "Request Free Inspection";
  readonly callPrompt: "Prefer to talk?";
  readonly callCta: "Call (810) 555-0142";
  readonly businessName: "Blue Water Waterproofing";
  readonly backLink: "Back to the website";
};