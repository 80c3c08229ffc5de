import { describe, expect, it } from 'vitest';
import { isHttpsLinkTo, isHttpUrl, isSitePath } from './urls';

describe('isSitePath', () => {
  it('accepts paths on this site', () => {
    for (const good of ['/uploads/users/a1b2.webp', '/media/intro.mp4', '/x.png?v=2', '/a%20b.png'])
      expect(isSitePath(good), good).toBe(true);
  });
  it('refuses every way of naming another host or a script', () => {
    for (const bad of [
      '/\\host/x.png',
      '//host/x.png',
      '\\\\host\\x.png',
      '/%5Chost/x.png',
      '/%2F/host/x.png',
      '/uploads\\..\\x.png',
      'https://host/x.png',
      'javascript:alert(1)',
      '/a b.png',
      '/x.png\n',
      '',
      'uploads/x.png',
    ])
      expect(isSitePath(bad), JSON.stringify(bad)).toBe(false);
  });
});

describe('isHttpUrl', () => {
  it('accepts http(s) links and refuses host-relative tricks', () => {
    expect(isHttpUrl('https://www.yad2.co.il/item/1')).toBe(true);
    for (const bad of ['https:///host', 'https://\\host', 'http://a b', 'javascript://x', '//host'])
      expect(isHttpUrl(bad), bad).toBe(false);
  });
});

describe('the edges of the URL rules', () => {
  it('an http(s) link must start the value, and both schemes are accepted', () => {
    expect(isHttpUrl('http://example.com/x')).toBe(true);
    expect(isHttpUrl('javascript:alert(1)//https://example.com')).toBe(false);
    expect(isHttpUrl('see https://example.com')).toBe(false);
  });

  it('an encoded slash or backslash is refused only where a browser would read a host: right after the first slash', () => {
    expect(isSitePath('/%2fevil.example/x.png')).toBe(false);
    expect(isSitePath('/%5Cevil.example/x.png')).toBe(false);
    // Deeper in the path it is only a character of a file name.
    expect(isSitePath('/uploads/a%2Fb.webp')).toBe(true);
  });
});

describe('isHttpsLinkTo', () => {
  const facebook = ['facebook.com', 'fb.com'];
  it('accepts an https link on the named service or a subdomain of it', () => {
    expect(isHttpsLinkTo('https://www.facebook.com/agency', facebook)).toBe(true);
    expect(isHttpsLinkTo('https://facebook.com/agency?ref=1', facebook)).toBe(true);
    expect(isHttpsLinkTo('https://m.fb.com/agency', facebook)).toBe(true);
    expect(isHttpsLinkTo('https://investors.example/x', [])).toBe(true);
  });
  it('refuses another host, http, credentials, another port and markup', () => {
    for (const link of [
      'https://facebook.com.evil.example/x',
      'https://evilfacebook.com/x',
      'http://www.facebook.com/agency',
      'javascript:alert(1)//facebook.com',
      'https://user:pw@facebook.com/x',
      'https://facebook.com:8443/x',
      'https://facebook.com/"><script>alert(1)</script>',
      "https://facebook.com/x' onmouseover='alert(1)",
      'https://facebook.com/a b',
    ])
      expect(isHttpsLinkTo(link, facebook), link).toBe(false);
    expect(isHttpsLinkTo('https://x.example/<b>', [])).toBe(false);
  });
});
