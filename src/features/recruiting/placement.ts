// Whether /careers carries the recruiting assistant's loader at all (product.md 2.1): only for a real
// script, or the local stand-in asked for at build; otherwise the page loads nothing for it.
export const carriesAssistant = (build: { recruitingScriptUrl?: string; recruitingStandIn: boolean }) =>
  Boolean(build.recruitingScriptUrl) || build.recruitingStandIn;
