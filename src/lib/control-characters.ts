// The characters that may not pass from what a visitor or an import file sends into what we store,
// and from what we store onto an operator's terminal: C0 and C1 control characters (ESC starts the
// terminal's escape sequences, CR rewrites a line, C1's CSI does in some terminals what ESC [ does)
// and DEL, and the Unicode bidi embeddings, overrides and isolates (U+202A-U+202E, U+2066-U+2069),
// which make text read in another order than it is stored. One definition for the way in
// (src/lib/fields.ts) and the way out (src/server/terminal-text.ts).

/** Every character above, as a global pattern. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: these characters are what it looks for
export const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;

/** The same but tab and line feed, which a multi-line field (a message) keeps. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: as above
const CONTROLS_BUT_LINES = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;

/** Whitespace controls a single line reads as a space (a pasted tab or line break between words). */
const LINE_BREAKS_AND_TABS = /[\t\n\v\f\r\u0085]+/g;

/**
 * Text as we store it: in one line, tabs and line breaks become a space and every other control or
 * bidi character is dropped; in several lines (`multiLine`), CR LF and CR become LF, tabs and line
 * feeds stay and the rest is dropped. Invisible characters go silently: the visitor sees nothing to fix.
 */
export function withoutControlCharacters(text: string, multiLine = false): string {
  if (multiLine) return text.replace(/\r\n?/g, '\n').replace(CONTROLS_BUT_LINES, '');
  return text.replace(LINE_BREAKS_AND_TABS, ' ').replace(CONTROL_CHARACTERS, '');
}

export const hasControlCharacters = (text: string): boolean =>
  new RegExp(CONTROL_CHARACTERS.source).test(text);
