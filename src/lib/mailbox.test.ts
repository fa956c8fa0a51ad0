import { describe, expect, it } from 'vitest';
import { mailboxKey, mailboxOf, namesMailbox } from './mailbox.ts';

describe('mailboxKey: one key per mailbox (the table in mailbox.ts)', () => {
  it.each([
    // Gmail: dots ignored, +tag cut, googlemail.com is gmail.com.
    ['johnqpublic7@gmail.com', 'johnqpublic7@gmail.com'],
    ['john.q.public7@gmail.com', 'johnqpublic7@gmail.com'],
    ['j.o.h.n.q.p.u.b.l.i.c.7@gmail.com', 'johnqpublic7@gmail.com'],
    ['johnqpublic7@googlemail.com', 'johnqpublic7@gmail.com'],
    ['John.Q.Public7+win@GoogleMail.com', 'johnqpublic7@gmail.com'],
    // Outlook: +tag cut, dots kept, each domain its own namespace.
    ['jo.hn+x@outlook.com', 'jo.hn@outlook.com'],
    ['jo.hn+x@hotmail.com', 'jo.hn@hotmail.com'],
    ['jo.hn+x@live.com', 'jo.hn@live.com'],
    ['jo.hn+x@msn.com', 'jo.hn@msn.com'],
    // iCloud: +tag cut, dots kept, icloud.com, me.com and mac.com one namespace.
    ['jo.hn+x@icloud.com', 'jo.hn@icloud.com'],
    ['jo.hn+x@me.com', 'jo.hn@icloud.com'],
    ['Jo.Hn@Mac.com', 'jo.hn@icloud.com'],
    // Proton: dots, dashes and underscores ignored, +tag cut, its four domains one namespace.
    ['jo.hn+x@proton.me', 'john@proton.me'],
    ['jo-hn@protonmail.com', 'john@proton.me'],
    ['jo_hn@pm.me', 'john@proton.me'],
    ['J.o-H_n+win@ProtonMail.ch', 'john@proton.me'],
    // Fastmail: +tag cut, dots kept; subdomain addressing on its domains, each domain its own namespace.
    ['jo.hn+x@fastmail.com', 'jo.hn@fastmail.com'],
    ['anything@jo.fastmail.com', 'jo@fastmail.com'],
    ['Shop+x@Ann.FastMail.FM', 'ann@fastmail.fm'],
    ['news@ann.sent.com', 'ann@sent.com'],
    // Yahoo: a disposable "base-keyword" address is kept as written (its owner is unknown).
    ['john-win@yahoo.com', 'john-win@yahoo.com'],
    ['jo.hn@yahoo.com', 'jo.hn@yahoo.com'],
    // Any other domain: +tag cut, dots kept, case and surrounding spaces dropped.
    ['  Pat.Lee+Win@Example.COM  ', 'pat.lee@example.com'],
    ['a+b+c@example.com', 'a@example.com'],
    ['x@ann.example.com', 'x@ann.example.com'],
    ['jo_hn-x@example.com', 'jo_hn-x@example.com'],
    // International and upper-case domains are written in ASCII.
    ['Hans@BÜCHER.de', 'hans@xn--bcher-kva.de'],
    ['x@ｇｍａｉｌ.com', 'x@gmail.com'],
    ['x.y@gmail.com.', 'xy@gmail.com'],
  ])('%j is %j', (address, key) => {
    expect(mailboxKey(address)).toBe(key);
  });

  it('never joins mailboxes that can be two people', () => {
    const distinct = [
      'john@outlook.com',
      'jo.hn@outlook.com',
      'john@icloud.com',
      'john@hotmail.com',
      'john@fastmail.com',
      'john@fastmail.fm',
      'x@john.fastmail.fm.evil.com',
      'x@a.john.fastmail.com',
      'john@proton.me.evil.com',
      'jo-hn@example.com',
      'john@yahoo.com',
      'john-x@yahoo.com',
      'john@gmail.com.evil.com',
      'john@example.com',
    ];
    expect(new Set(distinct.map(mailboxKey)).size).toBe(distinct.length);
  });

  it.each([
    '+win@gmail.com',
    '...@gmail.com',
    '.+x@gmail.com',
    '+@example.com',
    'no-at-sign',
    'x@exa mple.com',
    '._-@proton.me',
    '@ann.fastmail.com',
  ])('%j names no mailbox', (address) => {
    expect(mailboxKey(address)).toBeNull();
    expect(namesMailbox(address)).toBe(false);
  });

  it('mailboxOf counts text that names no mailbox as itself', () => {
    expect(mailboxOf('J.Doe+x@gmail.com')).toBe('jdoe@gmail.com');
    expect(mailboxOf(' +Win@gmail.com ')).toBe('+win@gmail.com');
  });
});
