// Generated from the build of packages/content by `pnpm --filter @bluewater/supabase sync-content`. Edit packages/content/src.
// @ts-self-types="./contact-request.d.ts"
import { contactRequestErrors, contactRequestLimits, contactRequestRules, textRules } from "./contactRequestRules.js";
import { isServiceOptionValue } from "./service-options.js";
// src/contactRequest.ts
const contactFields = [
	"name",
	"phone",
	"email",
	"service",
	"message"
];
/** Counts code points, as JSON Schema does, so an emoji is one character, not two. */
function characterCount(text) {
	let count = 0;
	for (const _ of text) count += 1;
	return count;
}
function meets(rule, text) {
	switch (rule.kind) {
		case "maxLength": return characterCount(text) <= rule.limit;
		case "pattern": return rule.pattern.test(text);
		case "oneOf": return rule.values.includes(text);
	}
}
/**
* The rules see the text as sent; what the request keeps is trimmed, with line breaks as `\n`
* (a browser posting a form by itself sends a textarea's line breaks as CR LF).
*/
function checkField(raw, field) {
	const text = raw ?? "";
	if (typeof text !== "string") return {
		ok: false,
		error: contactRequestErrors.notText
	};
	const failed = (rules) => rules.find((rule) => !meets(rule, text));
	const broken = failed(textRules) ?? (field.required !== void 0 && text.trim() === "" ? { message: field.required } : failed(field.rules));
	const kept = text.trim().replace(/\r\n?/g, "\n");
	return broken ? {
		ok: false,
		error: broken.message
	} : {
		ok: true,
		value: kept
	};
}
/**
* Checks and normalises (trims, one kind of line break) a contact request. Unknown keys are ignored; missing optional
* fields become empty strings. Errors are keyed by field, in the form's order.
*/
function checkContactRequest(input) {
	const errors = {};
	const value = (field) => {
		const check = checkField(input[field], contactRequestRules[field]);
		if (check.ok) return check.value;
		errors[field] = check.error;
		return "";
	};
	const name = value("name");
	const phone = value("phone");
	const email = value("email");
	const service = value("service");
	const message = value("message");
	if (Object.keys(errors).length > 0 || service !== "" && !isServiceOptionValue(service)) return {
		ok: false,
		errors
	};
	return {
		ok: true,
		value: {
			name,
			phone,
			email,
			service,
			message
		}
	};
}
/** The first field needing a fix, in the form's order: where focus should go. */
function firstInvalidField(errors) {
	return contactFields.find((field) => errors[field] !== void 0);
}
export { checkContactRequest, contactFields, contactRequestErrors, contactRequestLimits, firstInvalidField };
