// The Node server's one reading of a request target (request-path.ts): every spelling of a path is
// that path, or refused.
import { describe, expect, it } from 'vitest';
import { readTarget } from './request-path.ts';

const pathOf = (target: string) => readTarget(target)?.path;

describe('readTarget', () => {
  it.each([
    ['/', '/'],
    ['/stores/12', '/stores/12'],
    ['/api/v1/me/profile', '/api/v1/me/profile'],
    ['/api\\v1/me/profile', '/api/v1/me/profile'],
    ['\\api\\v1\\me\\profile', undefined], // no leading slash as sent: refused, not guessed
    ['/api/./v1/me/profile', '/api/v1/me/profile'],
    ['/api/x/../v1/me/profile', '/api/v1/me/profile'],
    ['/_astro/../api/v1/me/profile', '/api/v1/me/profile'],
    ['/_astro/%2e%2e/api/v1/me/profile', '/api/v1/me/profile'],
    ['/_astro/%2E%2E/stores/1', '/stores/1'],
    ['/_astro/.%2e/stores', '/stores'],
    ['/_astro/../stores', '/stores'],
    ['/api/%2E/v1/me/profile', '/api/v1/me/profile'],
    ['/api//v1///me/profile', '/api/v1/me/profile'],
    ['//api/v1/me/profile', '/api/v1/me/profile'],
    ['/%61pi/v1/me/profile', '/api/v1/me/profile'],
    ['/%61%70%69/%76%31/me/profile', '/api/v1/me/profile'],
    ['/../../api/v1/me/profile', '/api/v1/me/profile'],
    ['/stores/..', '/'],
    ['/stores/12/.', '/stores/12/'],
    ['/stores/', '/stores/'],
    ['/.well-known/x', '/.well-known/x'],
    ['/a/...', '/a/...'],
    ['/caf%C3%A9', '/caf%C3%A9'],
    ['/stores/%ZZ', '/stores/%ZZ'], // broken: left for the server's own not-found answer
    ['http://example.com/api\\v1/me/profile?x=1', '/api/v1/me/profile'],
  ])('%s is %s', (target, path) => expect(pathOf(target)).toBe(path));

  it('keeps the query as sent', () => {
    expect(readTarget('/_astro/../stores?q=a%2Fb%25&filter=car-wash')).toEqual({
      path: '/stores',
      search: '?q=a%2Fb%25&filter=car-wash',
    });
    expect(readTarget('/giveaway/confirm?winner_token=abc')).toEqual({
      path: '/giveaway/confirm',
      search: '?winner_token=abc',
    });
    expect(readTarget('/stores')).toEqual({ path: '/stores', search: '' });
  });

  it.each([
    '*',
    'stores',
    'http:stores',
    'mailto:a@b.c',
    '/api%2Fv1/me/profile',
    '/api%2fv1/me/profile',
    '/api%5Cv1/me/profile',
    '/api%5cv1/me/profile',
    '/%2561pi/v1/me/profile', // %25: decoded twice by a reader that decodes until nothing changes
    '/_astro/%252e%252e/stores',
    '/stores%00',
    '/stores%0a',
    '/stores%7F',
    '/stores#x',
    '/stores x',
    '/stores\t',
    'http://[bad/x',
  ])('refuses %s', (target) => expect(readTarget(target)).toBeUndefined());
});
