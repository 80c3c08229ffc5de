import { describe, expect, it } from 'vitest';
import { isKnownPushService } from './push-services';

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
});
