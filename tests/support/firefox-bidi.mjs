#!/usr/bin/env node
// Debian's firefox-esr as Playwright's WebDriver BiDi Firefox (the `firefox` project of
// playwright.config.ts; docs/decisions/0017-browser-engines.md). Playwright starts this file as the
// browser: it starts Firefox with the same arguments, and stands between the two on Firefox's BiDi
// socket, announcing its own address in the line Playwright waits for. On the way it smooths the two
// places where Playwright 1.65 (made for current Firefox) and ESR do not meet; every other message
// passes untouched.
import { spawn } from 'node:child_process';
import { WebSocket, WebSocketServer } from 'ws';

const FIREFOX = process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr';
const ANNOUNCE = /WebDriver BiDi listening on (ws:\/\/\S+)/;
// Commands Playwright sends to every new context that ESR does not know: answered with an empty success
// (the site has nothing under test that depends on the emulated colour scheme).
const NOT_IN_ESR = new Set(
  (process.env.BIDI_SHIM_METHODS ?? 'emulation.setMediaFeaturesOverride').split(','),
);
// Playwright's BiDi `fill` sets `input.value` and fires a synthetic input event: React's value tracker
// sees no change and the form never hears of it. The editor's own insertText, as typing does, is
// heard; Playwright's helper stays for everything but an input or textarea (frames, contenteditable).
const TYPED_INSERT = JSON.stringify(
  "((text) => { const el = document.activeElement; if (el && /^(INPUT|TEXTAREA)$/.test(el.nodeName) && document.execCommand('insertText', false, text)) return; return window.__pw_bidiInsertText(text); })(",
).slice(1, -1);

const firefox = spawn(FIREFOX, process.argv.slice(2), { stdio: ['ignore', 'inherit', 'pipe'] });
firefox.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP']) process.on(signal, () => firefox.kill(signal));

let announced = false;
firefox.stderr.on('data', (chunk) => {
  const text = chunk.toString();
  const match = ANNOUNCE.exec(text);
  if (!match || announced) {
    process.stderr.write(text);
    return;
  }
  announced = true;
  const server = new WebSocketServer({ host: '127.0.0.1', port: 0 }, () => {
    process.stderr.write(`WebDriver BiDi listening on ws://127.0.0.1:${server.address().port}\n`);
  });
  server.on('connection', (client, request) => relay(client, `${match[1]}${request.url ?? ''}`));
});

/** Passes messages both ways between Playwright (`client`) and Firefox's BiDi socket at `upstream`. */
function relay(client, upstream) {
  const browser = new WebSocket(upstream);
  const queued = [];
  const methods = new Map(); // command id -> method, to know what an error answers
  browser.on('open', () => {
    for (const message of queued.splice(0)) browser.send(message);
  });
  client.on('message', (data) => {
    const text = data.toString().replaceAll('window.__pw_bidiInsertText(', TYPED_INSERT);
    const { id, method } = parse(text);
    if (id !== undefined) methods.set(id, method);
    if (browser.readyState === WebSocket.OPEN) browser.send(text);
    else queued.push(text);
  });
  browser.on('message', (data) => {
    const text = data.toString();
    const message = parse(text);
    const method = methods.get(message.id);
    methods.delete(message.id);
    if (message.type === 'error' && message.error === 'unknown command') {
      process.stderr.write(`firefox-bidi: ESR does not know ${method}\n`);
      if (NOT_IN_ESR.has(method)) {
        client.send(JSON.stringify({ type: 'success', id: message.id, result: {} }));
        return;
      }
    }
    client.send(text);
  });
  browser.on('close', () => client.close());
  client.on('close', () => browser.close());
}

function parse(text) {
  try {
    return JSON.parse(text);
  } catch {
    return {};
  }
}
