import { expect, it } from 'vitest';
import { carriesAssistant } from './placement.ts';

it('puts the assistant on /careers for a configured script or the stand-in asked for at build, else nothing', () => {
  expect(
    carriesAssistant({ recruitingScriptUrl: 'https://jobs.example/widget.js', recruitingStandIn: false }),
  ).toBe(true);
  expect(carriesAssistant({ recruitingScriptUrl: undefined, recruitingStandIn: true })).toBe(true);
  expect(carriesAssistant({ recruitingScriptUrl: undefined, recruitingStandIn: false })).toBe(false);
});
