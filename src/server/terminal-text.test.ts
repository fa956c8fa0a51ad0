import { describe, expect, it } from 'vitest';
import { hasControlCharacters } from '../lib/control-characters.ts';
import { terminalJson, terminalLines, terminalText } from './terminal-text.ts';

describe('stored text printed on an operator terminal', () => {
  it('shows every control character and bidi override as a visible escape', () => {
    expect(terminalText('Pat\u001b[2J\rLee\u0000')).toBe('Pat\\u001b[2J\\u000dLee\\u0000');
    expect(terminalText('a\u009b31m b\u007f \u202egnp \u2066x\u2069')).toBe(
      'a\\u009b31m b\\u007f \\u202egnp \\u2066x\\u2069',
    );
    expect(terminalText('two\nlines\tand a tab')).toBe('two\\u000alines\\u0009and a tab');
    expect(terminalText('Zoë Ñandú 李 — “quoted”')).toBe('Zoë Ñandú 李 — “quoted”');
  });

  it('keeps the line breaks of a multi-line message', () => {
    expect(terminalLines('nothing imported:\n  row 1: image "a\u001b[31m.png"')).toBe(
      'nothing imported:\n  row 1: image "a\\u001b[31m.png"',
    );
  });

  it('writes JSON that parses back to the very same values', () => {
    const value = { name: 'a\u009b31m\u202e\u001b[0m', lines: 'x\ny' };
    const json = terminalJson(value, 2);
    expect(hasControlCharacters(json.replaceAll('\n', ''))).toBe(false);
    expect(json).toContain('"a\\u009b31m\\u202e\\u001b[0m"');
    expect(JSON.parse(json)).toEqual(value);
  });
});
