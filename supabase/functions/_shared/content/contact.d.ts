// Generated from the build of packages/content by `pnpm --filter @bluewater/supabase sync-content`. Edit packages/content/src.
/** The contact section and the request form; docs/content.md lists the texts that are contractual. */
export declare const contactSection: {
  readonly eyebrow: "Free inspection";
  readonly heading: "Schedule your free inspection";
  readonly intro: "Tell us what's going on in your basement. We'll contact you within 24 hours to schedule your free inspection.";
  readonly callPrompt: "Prefer to talk?";
  readonly callCta: "Call (810) 555-0142";
  readonly nextSteps: {
    readonly heading: "What happens next";
    readonly items: readonly ["We call you back within 24 hours to pick a time.", "An owner inspects your basement. It's free.", "You get a written, fixed-price quote. No pressure."];
  };
  readonly locationLine: "Marine City, Michigan · serving all of Southeast Michigan";
  readonly form: {
    readonly label: "Free inspection request";
    readonly requiredNote: "Fields marked * are required.";
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
    readonly honeypotLabel: "Leave this field empty";
    readonly submit: "Request Free Inspection";
    readonly sending: "Sending your request…";
    readonly privacy: "We only use your details to contact you about your inspection. No spam, ever.";
  };
};
/**
 * The toasts after a submit. Their titles and texts are contractual (docs/content.md); how long
 * they stay and how many show at once are ours to set.
 */
export declare const contactToasts: {
  readonly success: {
    readonly title: "Inspection Requested!";
    readonly description: "We'll contact you within 24 hours to schedule your free inspection.";
  };
  readonly failure: {
    readonly title: "Error";
    readonly description: "Failed to send your request. Please try calling us directly.";
    readonly callLabel: "Call (810) 555-0142";
  };
  readonly consoleMessage: "Contact request failed:";
  readonly dismissLabel: "Dismiss notification";
  readonly regionLabel: "Notifications";
  readonly durationMs: 8000;
  readonly maxVisible: 3;
};