import { describe, expect, it } from 'vitest';
import { DEFAULT_DEVICE_SIGN_KEY } from '@haoshi/contracts';
import {
  ConfigError,
  DEFAULT_SECURITY_PROVIDER_SECRET,
  DEFAULT_SESSION_SECRET,
  loadConfig,
} from '../src/config.ts';

const productionSecrets = {
  SESSION_SECRET: 'prod-session-secret-with-enough-length',
  DEVICE_SIGN_KEY: 'prod-device-sign-key-32-bytes-ok',
  SECURITY_PROVIDER_SECRET: 'prod-security-provider-secret-long',
};
const secretNames = Object.keys(productionSecrets) as (keyof typeof productionSecrets)[];

function configError(env: NodeJS.ProcessEnv): string {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as ConfigError).message;
  }
  throw new Error(`loadConfig accepted ${JSON.stringify(env)}`);
}

describe('configuration', () => {
  it('loads the development defaults from an empty environment', () => {
    const config = loadConfig({});
    expect(config.NODE_ENV).toBe('development');
    expect(config.PORT).toBe(8080);
    expect(config.SESSION_SECRET).toBe(DEFAULT_SESSION_SECRET);
    expect(config.DEVICE_SIGN_KEY).toBe(DEFAULT_DEVICE_SIGN_KEY);
    expect(config.SECURITY_PROVIDER_SECRET).toBe(DEFAULT_SECURITY_PROVIDER_SECRET);
    expect(config.BODY_LIMIT_BYTES).toBe(1024 * 1024);
    expect(config.SESSION_TTL_DAYS).toBe(30);
    expect(config.TRUST_PROXY).toBe('loopback');
  });

  it('refuses production with the default secrets, naming each one still at its default', () => {
    const all = configError({ NODE_ENV: 'production' });
    for (const name of secretNames) expect(all).toContain(name);

    for (const name of secretNames) {
      const message = configError({ NODE_ENV: 'production', [name]: productionSecrets[name] });
      expect(message).not.toContain(name);
      for (const other of secretNames.filter((candidate) => candidate !== name))
        expect(message).toContain(other);
    }

    // Setting a secret explicitly to its development value is no better.
    const explicit = configError({
      ...productionSecrets,
      NODE_ENV: 'production',
      SESSION_SECRET: DEFAULT_SESSION_SECRET,
    });
    expect(explicit).toContain('SESSION_SECRET');
    expect(explicit).not.toContain('DEVICE_SIGN_KEY');
  });

  it('loads production once every secret is set', () => {
    const config = loadConfig({ NODE_ENV: 'production', PORT: '9000', ...productionSecrets });
    expect(config.NODE_ENV).toBe('production');
    expect(config.PORT).toBe(9000);
    expect(config.SESSION_SECRET).toBe(productionSecrets.SESSION_SECRET);
    expect(config.DEVICE_SIGN_KEY).toBe(productionSecrets.DEVICE_SIGN_KEY);
    expect(config.SECURITY_PROVIDER_SECRET).toBe(productionSecrets.SECURITY_PROVIDER_SECRET);
  });

  it('rejects a bad PORT, naming it', () => {
    for (const port of ['abc', '70000', '-1', '80.5', '65536']) {
      expect(configError({ PORT: port }), port).toContain('PORT');
    }
    expect(loadConfig({ PORT: '0' }).PORT).toBe(0);
    expect(loadConfig({ PORT: '65535' }).PORT).toBe(65535);
  });

  it('rejects other malformed values, naming them', () => {
    expect(configError({ DEVICE_SIGN_KEY: 'fifteen-bytes!!' })).toContain('DEVICE_SIGN_KEY');
    expect(configError({ DEVICE_SIGN_KEY: 'x'.repeat(33) })).toContain('DEVICE_SIGN_KEY');
    expect(configError({ SESSION_SECRET: 'short' })).toContain('SESSION_SECRET');
    expect(configError({ NODE_ENV: 'staging' })).toContain('NODE_ENV');
    expect(configError({ DATABASE_URL: 'not a url' })).toContain('DATABASE_URL');
    expect(configError({ SESSION_TTL_DAYS: '0' })).toContain('SESSION_TTL_DAYS');
    expect(configError({ BODY_LIMIT_BYTES: '10' })).toContain('BODY_LIMIT_BYTES');
    expect(configError({ SEED_DEMO: 'yes' })).toContain('SEED_DEMO');
  });

  it('treats an empty variable as unset, and parses flags and proxy trust', () => {
    expect(loadConfig({ PORT: '', SESSION_SECRET: '' }).PORT).toBe(8080);
    expect(loadConfig({ SEED_DEMO: '0' }).SEED_DEMO).toBe(false);
    expect(loadConfig({ SEED_DEMO: 'true' }).SEED_DEMO).toBe(true);
    expect(loadConfig({ TRUST_PROXY: 'true' }).TRUST_PROXY).toBe(true);
    expect(loadConfig({ TRUST_PROXY: 'false' }).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8,127.0.0.1' }).TRUST_PROXY).toBe('10.0.0.0/8,127.0.0.1');
  });
});
