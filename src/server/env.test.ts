import { describe, expect, it } from 'vitest';
import { EnvError, loadEnv, startupWarnings } from './env';

describe('loadEnv', () => {
  it('applies the documented defaults', () => {
    const env = loadEnv({});
    expect(env).toMatchObject({ HOST: '0.0.0.0', PORT: 3000, DATA_DIR: './data', LOG_LEVEL: 'info' });
    expect(env.DATABASE_URL).toBeUndefined();
  });
  it('stops with a message naming the bad variable', () => {
    expect(() => loadEnv({ PORT: 'eighty' })).toThrow(EnvError);
    expect(() => loadEnv({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadEnv({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
  });
  it('requires APP_ORIGIN in production and says why', () => {
    expect(() => loadEnv({ NODE_ENV: 'production' })).toThrow(
      /APP_ORIGIN: required when NODE_ENV=production/,
    );
    expect(loadEnv({ NODE_ENV: 'production', APP_ORIGIN: 'https://agency.example/' }).APP_ORIGIN).toBe(
      'https://agency.example',
    );
  });
  it('defaults APP_ORIGIN to this machine in development and refuses an origin with a path', () => {
    expect(loadEnv({ PORT: '4000' }).APP_ORIGIN).toBe('http://localhost:4000');
    expect(() => loadEnv({ APP_ORIGIN: 'https://agency.example/reset' })).toThrow(/APP_ORIGIN/);
  });
  it('takes IMAGE_ORIGINS as exact origins and names a bad one', () => {
    expect(loadEnv({}).IMAGE_ORIGINS).toEqual([]);
    expect(
      loadEnv({ IMAGE_ORIGINS: 'https://res.cloudinary.com, https://img.example/' }).IMAGE_ORIGINS,
    ).toEqual(['https://res.cloudinary.com', 'https://img.example']);
    expect(() => loadEnv({ IMAGE_ORIGINS: 'https://img.example/photos' })).toThrow(/IMAGE_ORIGINS/);
  });
  it('takes TRUST_PROXY as a hop count or proxy addresses, never a bare true', () => {
    expect(loadEnv({}).TRUST_PROXY).toBe(false);
    expect(loadEnv({ TRUST_PROXY: '1' }).TRUST_PROXY).toBe(1);
    expect(loadEnv({ TRUST_PROXY: '127.0.0.1, 10.0.0.0/8,::1' }).TRUST_PROXY).toEqual([
      '127.0.0.1',
      '10.0.0.0/8',
      '::1',
    ]);
    expect(() => loadEnv({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY/);
    expect(() => loadEnv({ TRUST_PROXY: '10.0.0.0/33' })).toThrow(/TRUST_PROXY/);
    expect(() => loadEnv({ TRUST_PROXY: 'proxy.local' })).toThrow(/TRUST_PROXY/);
  });
  it('takes the SMS provider with its https URL and token, or none', () => {
    expect(loadEnv({}).SMS_PROVIDER).toBeUndefined();
    const sms = loadEnv({
      SMS_PROVIDER: 'http',
      SMS_PROVIDER_URL: 'https://sms.example/send',
      SMS_PROVIDER_TOKEN: 'secret',
    });
    expect(sms).toMatchObject({ SMS_PROVIDER: 'http', SMS_PROVIDER_URL: 'https://sms.example/send' });
    expect(() => loadEnv({ SMS_PROVIDER: 'http' })).toThrow(/SMS_PROVIDER_URL, SMS_PROVIDER_TOKEN/);
    expect(() => loadEnv({ SMS_PROVIDER: 'carrier-pigeon' })).toThrow(/SMS_PROVIDER/);
    expect(() =>
      loadEnv({ SMS_PROVIDER: 'http', SMS_PROVIDER_URL: 'http://sms.example/send', SMS_PROVIDER_TOKEN: 'x' }),
    ).toThrow(/SMS_PROVIDER_URL: must be an https/);
  });
  it('refuses an empty COOKIE_SECURE instead of reading it as false', () => {
    expect(() => loadEnv({ COOKIE_SECURE: '' })).toThrow(/COOKIE_SECURE: must be true or false/);
    expect(loadEnv({}).COOKIE_SECURE).toBeUndefined();
    expect(loadEnv({ COOKIE_SECURE: 'false' }).COOKIE_SECURE).toBe(false);
    expect(loadEnv({ COOKIE_SECURE: '1' }).COOKIE_SECURE).toBe(true);
  });
  it('warns when TRUST_PROXY is set and the server listens on every interface', () => {
    expect(startupWarnings(loadEnv({ TRUST_PROXY: '1' }))).toEqual([
      expect.stringMatching(/HOST=0\.0\.0\.0/),
    ]);
    expect(startupWarnings(loadEnv({ TRUST_PROXY: '1', HOST: '::' }))).toHaveLength(1);
    expect(startupWarnings(loadEnv({ TRUST_PROXY: '1', HOST: '127.0.0.1' }))).toEqual([]);
    expect(startupWarnings(loadEnv({}))).toEqual([]);
  });
});
