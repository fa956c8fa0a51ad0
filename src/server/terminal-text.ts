// What operator commands print of stored or imported text (names, subjects, file contents) goes
// through here: a control character would be read by the operator's terminal as a command (ESC
// sequences move the cursor, retitle the window, hide lines; CR rewrites the line) and a bidi
// override turns the words around. Each one is shown as a visible escape instead, so the operator
// sees that it was there. The characters are those of src/lib/control-characters.ts, which the
// forms and imports already drop on the way in: this covers what was stored before, or otherwise.
import { CONTROL_CHARACTERS } from '../lib/control-characters.ts';

const escaped = (char: string) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`;

/** One line of stored text, safe to print: `\u001b` for an ESC, and so on. */
export const terminalText = (text: string): string => text.replace(CONTROL_CHARACTERS, escaped);

/** Several lines (an error list): each line through terminalText, the line breaks kept. */
export const terminalLines = (text: string): string => text.split('\n').map(terminalText).join('\n');

/**
 * JSON of stored values for a terminal: JSON.stringify escapes C0 controls but writes C1 controls
 * and bidi overrides as they are. Those can only stand inside JSON strings, where `\uXXXX` means the
 * same character, so the output parses back to exactly the same values.
 */
export const terminalJson = (value: unknown, indent?: number): string =>
  JSON.stringify(value, null, indent).replace(CONTROL_CHARACTERS, (char) =>
    char === '\n' ? char : escaped(char),
  );
