// The accessibility rules of every scan: the Playwright specs' (tests/e2e/axe.ts) and the WebKit
// journeys' (tests/webkit/webkit.ts), WCAG 2.2 AA.
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
