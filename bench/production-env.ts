import { randomBytes } from 'node:crypto';

/**
 * The environment a bench starts the real server with: `NODE_ENV=production` (the profile a
 * deployment runs), every secret the profile requires filled with a bench value, limits out of the
 * way, and the Redis keys and channels of this run under its own `namespace` so runs never meet.
 * The object store is one the benches never touch (the profile requires one).
 */
export function productionEnv(options: {
  namespace: string;
  dataDir: string;
  sessionSecret?: string;
}): Record<string, string> {
  return {
    NODE_ENV: 'production',
    SESSION_SECRET: options.sessionSecret ?? 'bench-session-secret-0123456789',
    DEVICE_SIGN_KEY: '0123456789abcdef0123456789abcdef',
    SECURITY_PROVIDER_SECRET: 'bench-security-secret-0123456789',
    ESIGN_SIGNING_KEY: 'YmVuY2gtZXNpZ24tZWQyNTUxOS1zZWVkLTMyLWJ5dGU=',
    ORDER_CREDENTIALS_KEYS: `bench:${randomBytes(32).toString('base64')}`,
    LOG_LEVEL: 'warn',
    RATE_LIMIT_MAX: '100000000',
    SEED_DEMO: 'false',
    DATA_DIR: options.dataDir,
    WEB_DIST: '/nonexistent',
    REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
    RATE_LIMIT_NAMESPACE: `${options.namespace}:rl:`,
    CACHE_BUS_CHANNEL: `${options.namespace}:bus`,
    CHAT_BUS_CHANNEL: `${options.namespace}:chat`,
    S3_ENDPOINT: 'http://127.0.0.1:9',
    S3_BUCKET: 'bench',
    S3_ACCESS_KEY_ID: 'bench',
    S3_SECRET_ACCESS_KEY: 'bench-secret',
  };
}
