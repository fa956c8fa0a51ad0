import { describe, expect, it } from 'vitest';
import { mailboxKey, namesMailbox, personOf } from './mailbox.ts';

describe('mailboxKey: one key per mailbox (the table in mailbox.ts)', () => {
  it.each([
    // Gmail: dots ignored, +tag cut, googlemail.com is gmail.com.
    ['johnqpublic7@gmail.com', 'johnqpublic7@gmail.com'],
    ['john.q.public7@gmail.com', 'johnqpublic7@gmail.com'],
    ['j.o.h.n.q.p.u.b.l.i.c.7@gmail.com', 'johnqpublic7@gmail.com'],
    ['johnqpublic7@googlemail.com', 'johnqpublic7@gmail.com'],
    ['John.Q.Public7+win@GoogleMail.com', 'johnqpublic7@gmail.com'],
    // Outlook, iCloud, Fastmail, Proton: +tag cut, dots kept.
    ['jo.hn+x@outlook.com', 'jo.hn@outlook.com'],
    ['jo.hn+x@hotmail.com', 'jo.hn@hotmail.com'],
    ['jo.hn+x@live.com', 'jo.hn@live.com'],
    ['jo.hn+x@icloud.com', 'jo.hn@icloud.com'],
    ['jo.hn+x@me.com', 'jo.hn@me.com'],
    ['jo.hn+x@fastmail.com', 'jo.hn@fastmail.com'],
    ['jo.hn+x@proton.me', 'jo.hn@proton.me'],
    ['jo.hn+x@protonmail.com', 'jo.hn@protonmail.com'],
    // Yahoo: a disposable "base-keyword" address is kept as written (its owner is unknown).
    ['john-win@yahoo.com', 'john-win@yahoo.com'],
    ['jo.hn@yahoo.com', 'jo.hn@yahoo.com'],
    // Any other domain: +tag cut, dots kept, case and surrounding spaces dropped.
    ['  Pat.Lee+Win@Example.COM  ', 'pat.lee@example.com'],
    ['a+b+c@example.com', 'a@example.com'],
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
      'john@me.com',
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
  ])('%j names no mailbox', (address) => {
    expect(mailboxKey(address)).toBeNull();
    expect(namesMailbox(address)).toBe(false);
  });

  it('personOf counts text that names no mailbox as itself', () => {
    expect(personOf('J.Doe+x@gmail.com')).toBe('jdoe@gmail.com');
    expect(personOf(' +Win@gmail.com ')).toBe('+win@gmail.com');
  });
});
