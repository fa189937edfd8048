import { z } from 'zod';
import { DEFAULT_DEVICE_SIGN_KEY, deviceSignKeyProblem } from '@haoshi/contracts';
import { fileURLToPath } from 'node:url';
import { DEFAULT_ESIGN_SIGNING_KEY, esignSigningKeyProblem } from './lib/signing-key.ts';

export const DEFAULT_SESSION_SECRET = 'haoshi-local-session-secret-change-me';
export const DEFAULT_SECURITY_PROVIDER_SECRET = 'haoshi-local-security-provider-secret';
/** The development key ring of order credentials (docs/orders.md "Keys and rotation"). */
export const DEFAULT_CREDENTIALS_KEYS = 'dev1:aGFvc2hpLWxvY2FsLWNyZWRlbnRpYWxzLWtleS0zMmI=';

/** `id:base64` entries, comma-separated, the first seals; each key is 32 bytes (AES-256). */
export function credentialsKeysProblem(value: string): string | undefined {
  const ids = new Set<string>();
  for (const entry of value.split(',')) {
    const [id, key, ...rest] = entry.trim().split(':');
    if (!id || !key || rest.length > 0 || !/^[A-Za-z0-9_-]{1,16}$/.test(id))
      return 'each entry must be <id>:<base64 key>, the id 1–16 letters, digits, - or _';
    if (ids.has(id)) return `key id ${id} appears twice`;
    ids.add(id);
    if (Buffer.from(key, 'base64').length !== 32) return `key ${id} must be 32 bytes (base64)`;
  }
  return undefined;
}

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

const booleanFlag = z
  .enum(['true', 'false', '1', '0'])
  .transform((value) => value === 'true' || value === '1');

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  DATA_DIR: z.string().default(`${repoRoot}data`),
  DATABASE_URL: z.string().url().optional(),
  REDIS_URL: z.string().url().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().default(`${repoRoot}apps/web/dist`),
  /** The web client's server-render bundle (default: dist-server/render-page.js beside WEB_DIST). */
  WEB_SERVER_RENDER: z.string().optional(),
  /** Demo staff, listings and coupons: `npm start` turns this on; production refuses it. */
  SEED_DEMO: booleanFlag.default(false),
  SESSION_SECRET: z.string().min(16).default(DEFAULT_SESSION_SECRET),
  SESSION_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  SESSION_ROTATE_AFTER_SECONDS: z.coerce
    .number()
    .int()
    .min(1)
    .default(24 * 3600),
  DEVICE_SIGN_KEY: z
    .string()
    .superRefine((key, context) => {
      const problem = deviceSignKeyProblem(key);
      if (problem) context.addIssue({ code: 'custom', message: problem });
    })
    .default(DEFAULT_DEVICE_SIGN_KEY),
  SECURITY_PROVIDER_SECRET: z.string().min(16).default(DEFAULT_SECURITY_PROVIDER_SECRET),
  /** The platform's Ed25519 signing key for protocol snapshots: the 32-byte seed, base64. */
  ESIGN_SIGNING_KEY: z
    .string()
    .superRefine((key, context) => {
      const problem = esignSigningKeyProblem(key);
      if (problem) context.addIssue({ code: 'custom', message: problem });
    })
    .default(DEFAULT_ESIGN_SIGNING_KEY),
  /** Keys sealing the login details handed over in orders; the first seals, all open. */
  ORDER_CREDENTIALS_KEYS: z
    .string()
    .superRefine((value, context) => {
      const problem = credentialsKeysProblem(value);
      if (problem) context.addIssue({ code: 'custom', message: problem });
    })
    .default(DEFAULT_CREDENTIALS_KEYS),
  SMS_PROVIDER: z.enum(['builtin']).default('builtin'),
  RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(1200),
  AUTH_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(20),
  RATE_LIMIT_NAMESPACE: z.string().default('haoshi-rl:'),
  /** Redis pub/sub channel on which instances tell each other to empty shared caches. */
  CACHE_BUS_CHANNEL: z.string().min(1).default('haoshi:cache-invalidate'),
  /** The Redis pub/sub channel of chat delivery between instances (with REDIS_URL). */
  CHAT_BUS_CHANNEL: z.string().min(1).default('haoshi:chat'),
  RATE_LIMIT_WINDOW_MS: z.coerce.number().int().min(1000).default(60_000),
  /**
   * Which peers may set X-Forwarded-For (the client IP behind per-IP limits): 'loopback' by default,
   * 'true'/'false', or comma-separated addresses/CIDRs. Trusting everyone lets any client pick its
   * own IP and escape the per-IP caps.
   */
  TRUST_PROXY: z
    .string()
    .default('loopback')
    .transform((value): boolean | string => (value === 'true' ? true : value === 'false' ? false : value)),
  BODY_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(1024 * 1024),
  S3_ENDPOINT: z.string().url().optional(),
  S3_REGION: z.string().optional(),
  S3_BUCKET: z.string().optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  /** How long anonymous list and search answers are reused in memory (0 turns the cache off). */
  SEARCH_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(3000),
  /**
   * Bot protection on the risky calls (docs/bot-protection.md): 'enforce' (the default, and the only
   * value production accepts) or 'off' (the server test suites, which call those APIs directly).
   */
  BOT_PROTECTION: z.enum(['enforce', 'off']).default('enforce'),
  /**
   * How many server processes share the port (node:cluster; docs/production.md). More than one needs
   * PostgreSQL and Redis: the embedded PGlite belongs to one process, and rate limits, caches and
   * chat delivery agree across processes only through Redis.
   */
  SERVER_PROCESSES: z.coerce.number().int().min(1).max(64).default(1),
});

export type Config = z.infer<typeof envSchema>;

const defaultSecrets: ReadonlyArray<[keyof Config, string]> = [
  ['SESSION_SECRET', DEFAULT_SESSION_SECRET],
  ['DEVICE_SIGN_KEY', DEFAULT_DEVICE_SIGN_KEY],
  ['SECURITY_PROVIDER_SECRET', DEFAULT_SECURITY_PROVIDER_SECRET],
  ['ESIGN_SIGNING_KEY', DEFAULT_ESIGN_SIGNING_KEY],
];

const storageSettings = ['S3_ENDPOINT', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;

export class ConfigError extends Error {}

/**
 * What production lacks, one line each. Production never falls back to the development stand-ins
 * (PGlite, in-memory rate limits, local disk, the built-in secrets, demo data).
 */
function productionProblems(config: Config, env: NodeJS.ProcessEnv): string[] {
  const problems: string[] = [];
  if (!config.DATABASE_URL)
    problems.push('DATABASE_URL is not set (PostgreSQL; the embedded PGlite is for development)');
  if (!config.REDIS_URL)
    problems.push('REDIS_URL is not set (rate limits shared across instances, not in memory)');
  const missingStorage = storageSettings.filter((key) => !config[key]);
  if (missingStorage.length > 0)
    problems.push(`${missingStorage.join(', ')} not set (object storage; local disk is for development)`);
  for (const [key, value] of defaultSecrets)
    if (config[key] === value) problems.push(`${key} is the built-in development default`);
  const defaultCredentialsKey = DEFAULT_CREDENTIALS_KEYS.split(':')[1] ?? '';
  if (config.ORDER_CREDENTIALS_KEYS.includes(defaultCredentialsKey))
    problems.push('ORDER_CREDENTIALS_KEYS contains the built-in development key');
  // The payments module reads these two; the sandbox is off in production unless asked for.
  if (env.SANDBOX_PAY_IN_PRODUCTION === 'true' && !env.SANDBOX_PAY_SECRET)
    problems.push('SANDBOX_PAY_SECRET is not set (SANDBOX_PAY_IN_PRODUCTION=true turns the sandbox on)');
  if (config.SEED_DEMO) problems.push('SEED_DEMO=true (demo staff and data are never seeded in production)');
  if (config.BOT_PROTECTION !== 'enforce')
    problems.push('BOT_PROTECTION=off (the risky calls are always guarded in production)');
  return problems;
}

/** Reads and validates the environment; production refuses to start without what it needs. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const present = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value !== ''),
  );
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    const problems = parsed.error.issues
      .map((issue) => `${issue.path.join('.')}: ${issue.message}`)
      .join('; ');
    throw new ConfigError(`Invalid configuration: ${problems}`);
  }
  const config = parsed.data;
  if (config.SERVER_PROCESSES > 1) {
    const missing = [
      ...(config.DATABASE_URL ? [] : ['DATABASE_URL (the embedded PGlite belongs to one process)']),
      ...(config.REDIS_URL ? [] : ['REDIS_URL (limits, caches and chat shared between processes)']),
    ];
    if (missing.length > 0)
      throw new ConfigError(`SERVER_PROCESSES=${config.SERVER_PROCESSES} needs ${missing.join(' and ')}`);
  }
  if (config.NODE_ENV === 'production') {
    const problems = productionProblems(config, present);
    if (problems.length > 0)
      throw new ConfigError(
        `Refusing to start with NODE_ENV=production:\n${problems.map((line) => `  - ${line}`).join('\n')}`,
      );
  }
  return config;
}
