import { describe, expect, it } from 'vitest';
import { EnvError, loadEnv } from './env';

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
});
