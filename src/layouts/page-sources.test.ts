import { describe, expect, it } from 'vitest';
import { TURNSTILE_SCRIPT } from '../features/human-check/human-check.client.ts';
import { pageSources } from './page-sources.ts';

const none = {
  mapStyleUrl: undefined,
  mapHosts: [],
  videoEmbedBase: 'https://www.youtube-nocookie.com/embed/',
  recruitingScriptUrl: undefined,
  applicationEmbeds: { 'charge-card': undefined, 'fleet-fueling': undefined },
};
const configured = {
  mapStyleUrl: 'https://maps.example.com/style.json?key=k',
  mapHosts: ['https://tiles.example.com', 'https://glyphs.example.com'],
  videoEmbedBase: 'https://video.example.com/embed/',
  recruitingScriptUrl: 'https://jobs.example.com/widget.js',
  applicationEmbeds: { 'charge-card': 'https://forms.example.com/cc', 'fleet-fueling': undefined },
};
const TURNSTILE = 'https://challenges.cloudflare.com';

describe('the third-party origins of a page', () => {
  it('are none on a page that uses nothing, however much is configured', () => {
    expect(pageSources([], configured)).toEqual({ directives: [], scripts: [] });
  });

  it('include Turnstile on a page with the human check, whatever the build knew (the server picks the check)', () => {
    expect(pageSources(['humanCheck'], none)).toEqual(pageSources(['humanCheck'], configured));
    expect(pageSources(['humanCheck'], none)).toEqual({
      directives: [`frame-src ${TURNSTILE}`, `connect-src ${TURNSTILE}`],
      scripts: [TURNSTILE],
    });
  });

  it('include the map style and tile hosts on the map pages only when configured', () => {
    expect(pageSources(['map'], none)).toEqual({ directives: [], scripts: [] });
    const hosts = 'https://maps.example.com https://tiles.example.com https://glyphs.example.com';
    expect(pageSources(['map'], configured).directives).toEqual([`connect-src ${hosts}`, `img-src ${hosts}`]);
  });

  it('frame the video host, and load the recruiting script when its address is set', () => {
    expect(pageSources(['video'], configured).directives).toEqual(['frame-src https://video.example.com']);
    expect(pageSources(['recruiting'], none).scripts).toEqual([]);
    expect(pageSources(['recruiting'], configured).scripts).toEqual(['https://jobs.example.com']);
  });

  it("frame a form provider's application when configured, else allow our own form's human check", () => {
    expect(pageSources(['charge-card'], configured)).toEqual({
      directives: ['frame-src https://forms.example.com'],
      scripts: [],
    });
    expect(pageSources(['fleet-fueling'], configured).scripts).toEqual([TURNSTILE]);
  });

  it('merge the origins of several pieces into one directive each', () => {
    const { directives } = pageSources(['humanCheck', 'video', 'charge-card'], configured);
    expect(directives).toContain(
      `frame-src ${TURNSTILE} https://video.example.com https://forms.example.com`,
    );
  });
});

it("is the origin the human check loads Turnstile's script from", () => {
  expect(TURNSTILE_SCRIPT.startsWith(`${TURNSTILE}/`)).toBe(true);
});
