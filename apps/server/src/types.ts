import type { DeviceSignature } from '@haoshi/contracts';
import type { Config } from './config.ts';
import type { Database, DatabaseHandle } from './db/client.ts';
import type { JobRunner } from './modules/jobs/index.ts';
import type { IdempotencyClaim } from './modules/idempotency/index.ts';
import type { UserRow } from './modules/identity/index.ts';

export type AuthMode = 'required' | 'optional';

export interface RequestAuth {
  sessionId: number;
  user: UserRow;
}

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: DatabaseHandle;
    db: Database;
    /** Durable jobs (modules/jobs): started by main.ts once listening, driven by `runDue` in tests. */
    jobs: JobRunner;
  }
  interface FastifyRequest {
    /** The decrypted device signature header, or null for an unknown device. */
    device: DeviceSignature | null;
    auth: RequestAuth | null;
    /** Set while this request holds an Idempotency-Key claim (plugins/idempotency.ts). */
    idempotency: IdempotencyClaim | null;
  }
  interface FastifyContextConfig {
    auth?: AuthMode;
    /** Accept an Idempotency-Key header: retries return the first response (plugins/idempotency.ts). */
    idempotent?: boolean;
  }
}
