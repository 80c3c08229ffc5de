import { describe, expect, it } from 'vitest';
import { isInternalHost, isKnownPushService } from './push-services';

// The server posts to whatever endpoint a subscription names, so only the browsers' push services pass: a host
// list entry with a leading dot takes that domain's subdomains (at a dot boundary), any other entry that host only.
describe('isKnownPushService', () => {
  it('takes the browsers’ push services', () => {
    for (const endpoint of [
      'https://fcm.googleapis.com/fcm/send/abc',
      'https://updates.push.services.mozilla.com/wpush/v2/abc',
      'https://web.push.apple.com/QGx',
      'https://wns2-by3p.notify.windows.com/w/?token=abc',
    ])
      expect(isKnownPushService(endpoint), endpoint).toBe(true);
  });

  it('refuses a host that only ends like a push service, without the dot boundary', () => {
    for (const endpoint of [
      'https://evilpush.apple.com/x',
      'https://attackernotify.windows.com/x',
      'https://push.apple.com/x',
      'https://evilfcm.googleapis.com/x',
      'https://x.fcm.googleapis.com/x',
      'https://fcm.googleapis.com.evil.test/x',
      'https://web.push.apple.com.evil.test/x',
      'not a url',
    ])
      expect(isKnownPushService(endpoint), endpoint).toBe(false);
  });

  it('takes an operator’s extra host (PUSH_SERVICE_HOSTS) by the same rule', () => {
    expect(isKnownPushService('https://push.example/x', ['push.example'])).toBe(true);
    expect(isKnownPushService('https://evilpush.example/x', ['push.example'])).toBe(false);
    expect(isKnownPushService('https://a.push.example/x', ['.push.example'])).toBe(true);
    expect(isKnownPushService('https://apush.example/x', ['.push.example'])).toBe(false);
  });

  const INTERNAL = [
    'https://127.0.0.1/x',
    'https://127.1.2.3:8443/x',
    'https://10.0.0.1/x',
    'https://172.16.0.5/x',
    'https://192.168.1.1/x',
    'https://169.254.169.254/latest/meta-data/',
    'https://0.0.0.0/x',
    'https://localhost/x',
    'https://LOCALHOST./x',
    'https://push.localhost/x',
    'https://printer.local/x',
    'https://metadata.google.internal/x',
    'https://intranet/x',
    'https://[::1]/x',
    'https://[::]/x',
    'https://[fe80::1]/x',
    'https://[fd00::1]/x',
    'https://[::ffff:127.0.0.1]/x',
    'https://[::ffff:169.254.169.254]/x',
    'https://2130706433/x', // 127.0.0.1 as one number
    'https://0x7f.0.0.1/x',
    'https://0251.0376.0251.0376/x', // 169.254.169.254 in octal
  ];

  it('refuses loopback, private, link-local and local names without PUSH_SERVICE_HOSTS', () => {
    for (const endpoint of INTERNAL) expect(isKnownPushService(endpoint), endpoint).toBe(false);
  });

  it('refuses them with PUSH_SERVICE_HOSTS naming other hosts, and a .domain entry never admits one', () => {
    const extra = ['push.example', '.example', '.local', '.localhost', '.internal', '.0.0.1', '.1'];
    for (const endpoint of INTERNAL) expect(isKnownPushService(endpoint, extra), endpoint).toBe(false);
    // An operator who names their own service beside the app by its exact address gets that address only.
    expect(isKnownPushService('https://127.0.0.1:9000/x', ['127.0.0.1'])).toBe(true);
    expect(isKnownPushService('https://10.0.0.1/x', ['127.0.0.1'])).toBe(false);
    expect(isKnownPushService('https://localhost/x', ['127.0.0.1'])).toBe(false);
    expect(isKnownPushService('https://169.254.169.254/x', ['127.0.0.1'])).toBe(false);
  });

  it('tells internal hosts from public ones', () => {
    for (const host of [
      '8.8.8.8',
      '172.32.0.1',
      '100.128.0.1',
      '[2001:4860:4860::8888]',
      'fcm.googleapis.com',
    ])
      expect(isInternalHost(host), host).toBe(false);
    for (const host of ['127.0.0.1', '10.0.0.1', '169.254.169.254', 'localhost', '[::1]', '100.64.0.1'])
      expect(isInternalHost(host), host).toBe(true);
  });
});
