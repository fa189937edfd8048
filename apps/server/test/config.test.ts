import { describe, expect, it } from 'vitest';
import { DEFAULT_DEVICE_SIGN_KEY } from '@haoshi/contracts';
import {
  ConfigError,
  DEFAULT_SECURITY_PROVIDER_SECRET,
  DEFAULT_SESSION_SECRET,
  loadConfig,
} from '../src/config.ts';
import { DEFAULT_ESIGN_SIGNING_KEY } from '../src/lib/signing-key.ts';

const productionSecrets = {
  SESSION_SECRET: 'prod-session-secret-with-enough-length',
  DEVICE_SIGN_KEY: 'prod-device-sign-key-32-bytes-ok',
  SECURITY_PROVIDER_SECRET: 'prod-security-provider-secret-long',
  ESIGN_SIGNING_KEY: 'cHJvZC1lc2lnbi1lZDI1NTE5LXNlZWQtMzItYnl0ZXM=',
  ORDER_CREDENTIALS_KEYS: 'prod1:WDHxDjN9eUoVHfcm1vtMuxBvhX6l+/eJR0k4SctirAY=',
};
const secretNames = Object.keys(productionSecrets) as (keyof typeof productionSecrets)[];
/** Everything production needs besides the secrets. */
const productionServices = {
  DATABASE_URL: 'postgres://haoshi@db.internal:5432/haoshi',
  REDIS_URL: 'redis://cache.internal:6379',
  S3_ENDPOINT: 'https://oss.example.com',
  S3_BUCKET: 'haoshi',
  S3_ACCESS_KEY_ID: 'access-key',
  S3_SECRET_ACCESS_KEY: 'secret-key',
};
const production = { NODE_ENV: 'production', ...productionSecrets, ...productionServices };

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
    const all = configError({ ...productionServices, NODE_ENV: 'production' });
    for (const name of secretNames) expect(all).toContain(name);

    for (const name of secretNames) {
      const message = configError({
        ...productionServices,
        NODE_ENV: 'production',
        [name]: productionSecrets[name],
      });
      expect(message).not.toContain(name);
      for (const other of secretNames.filter((candidate) => candidate !== name))
        expect(message).toContain(other);
    }

    // Setting a secret explicitly to its development value is no better.
    const explicit = configError({ ...production, SESSION_SECRET: DEFAULT_SESSION_SECRET });
    expect(explicit).toContain('SESSION_SECRET');
    expect(explicit).not.toContain('DEVICE_SIGN_KEY');
  });

  it('refuses production without PostgreSQL, Redis or object storage, listing everything missing at once', () => {
    const bare = configError({ NODE_ENV: 'production' });
    expect(bare).toMatch(/^Refusing to start with NODE_ENV=production:/);
    for (const name of [...secretNames, ...Object.keys(productionServices)]) expect(bare).toContain(name);
    expect(bare).not.toContain('S3_REGION');

    for (const name of Object.keys(productionServices) as (keyof typeof productionServices)[]) {
      const { [name]: _missing, ...rest } = production;
      const message = configError(rest);
      expect(message).toContain(name);
      expect(message.split('\n')).toHaveLength(2);
    }
  });

  it('refuses demo seeding in production, and the sandbox without its own secret', () => {
    expect(configError({ ...production, SEED_DEMO: 'true' })).toContain('SEED_DEMO');
    expect(configError({ ...production, SANDBOX_PAY_IN_PRODUCTION: 'true' })).toContain('SANDBOX_PAY_SECRET');
    const sandbox = loadConfig({
      ...production,
      SANDBOX_PAY_IN_PRODUCTION: 'true',
      SANDBOX_PAY_SECRET: 'prod-sandbox-pay-secret-0123456789',
    });
    expect(sandbox.NODE_ENV).toBe('production');
    expect(loadConfig({ ...production, SEED_DEMO: 'false' }).SEED_DEMO).toBe(false);
  });

  it('seeds no demo data unless asked, outside production too', () => {
    expect(loadConfig({}).SEED_DEMO).toBe(false);
    expect(loadConfig({ NODE_ENV: 'development', SEED_DEMO: 'true' }).SEED_DEMO).toBe(true);
  });

  it('loads production once every secret and service is set', () => {
    const config = loadConfig({ ...production, PORT: '9000' });
    expect(config.NODE_ENV).toBe('production');
    expect(config.PORT).toBe(9000);
    expect(config.SESSION_SECRET).toBe(productionSecrets.SESSION_SECRET);
    expect(config.DEVICE_SIGN_KEY).toBe(productionSecrets.DEVICE_SIGN_KEY);
    expect(config.SECURITY_PROVIDER_SECRET).toBe(productionSecrets.SECURITY_PROVIDER_SECRET);
    expect(config.ESIGN_SIGNING_KEY).toBe(productionSecrets.ESIGN_SIGNING_KEY);
    expect(config.ORDER_CREDENTIALS_KEYS).toBe(productionSecrets.ORDER_CREDENTIALS_KEYS);
  });

  it('runs one server process unless asked; more need PostgreSQL and Redis, which it names', () => {
    expect(loadConfig({}).SERVER_PROCESSES).toBe(1);
    expect(loadConfig({ ...production, SERVER_PROCESSES: '4' }).SERVER_PROCESSES).toBe(4);
    expect(configError({ SERVER_PROCESSES: '2' })).toBe(
      'SERVER_PROCESSES=2 needs DATABASE_URL (the embedded PGlite belongs to one process) and ' +
        'REDIS_URL (limits, caches and chat shared between processes)',
    );
    expect(configError({ SERVER_PROCESSES: '2', DATABASE_URL: productionServices.DATABASE_URL })).toMatch(
      /needs REDIS_URL/,
    );
    for (const value of ['0', '65', '1.5', 'all']) {
      expect(configError({ SERVER_PROCESSES: value }), value).toContain('SERVER_PROCESSES');
    }
  });

  it('rejects a bad PORT, naming it', () => {
    for (const port of ['abc', '70000', '-1', '80.5', '65536']) {
      expect(configError({ PORT: port }), port).toContain('PORT');
    }
    expect(loadConfig({ PORT: '0' }).PORT).toBe(0);
    expect(loadConfig({ PORT: '65535' }).PORT).toBe(65535);
  });

  it('refuses a 24-byte device-sign key at start: browsers refuse AES-192', () => {
    expect(configError({ DEVICE_SIGN_KEY: '0123456789abcdef01234567' })).toContain(
      'DEVICE_SIGN_KEY: DEVICE_SIGN_KEY must be 16 or 32 bytes (AES-128 or AES-256; browsers refuse AES-192), got 24 bytes',
    );
    expect(loadConfig({ DEVICE_SIGN_KEY: '0123456789abcdef' }).DEVICE_SIGN_KEY).toBe('0123456789abcdef');
  });

  it('rejects other malformed values, naming them', () => {
    expect(configError({ DEVICE_SIGN_KEY: 'fifteen-bytes!!' })).toContain('DEVICE_SIGN_KEY');
    expect(configError({ DEVICE_SIGN_KEY: 'x'.repeat(33) })).toContain('DEVICE_SIGN_KEY');
    expect(configError({ SESSION_SECRET: 'short' })).toContain('SESSION_SECRET');
    expect(configError({ ESIGN_SIGNING_KEY: 'c2hvcnQ=' })).toContain(
      'ESIGN_SIGNING_KEY must be a 32-byte Ed25519 seed in base64',
    );
    expect(configError({ ESIGN_SIGNING_KEY: 'not base64 at all!' })).toContain('ESIGN_SIGNING_KEY');
    // One seed, one spelling: the development key unpadded is not a new key.
    expect(configError({ ESIGN_SIGNING_KEY: DEFAULT_ESIGN_SIGNING_KEY.replace(/=+$/, '') })).toContain(
      'ESIGN_SIGNING_KEY must be a 32-byte Ed25519 seed in base64',
    );
    expect(configError({ ESIGN_SIGNING_KEY: Buffer.alloc(32).toString('base64') })).toContain(
      'ESIGN_SIGNING_KEY is not random',
    );
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

describe('ORDER_CREDENTIALS_KEYS', () => {
  it('refuses a malformed key ring: not id:base64, a short key, an id twice', () => {
    for (const value of ['nocolon', 'k1:c2hvcnQ=', `k1:${'A'.repeat(43)}=,k1:${'A'.repeat(43)}=`])
      expect(configError({ ORDER_CREDENTIALS_KEYS: value })).toContain('ORDER_CREDENTIALS_KEYS');
  });
});
