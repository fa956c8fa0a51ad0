// Digits of what a person typed: phone numbers, card and account numbers. Without dependencies, so
// a plain-DOM script (the gift card form) takes it without valibot.

/** Removes every character that is not 0-9. */
export const digitsOnly = (value: string): string => value.replace(/\D/g, '');
