import type { DeviceSignature } from '@haoshi/contracts';
import type { Config } from './config.ts';
import type { Database, DatabaseHandle } from './db/client.ts';
import type { UserRow } from './modules/identity/user-service.ts';

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
  }
  interface FastifyRequest {
    /** The decrypted device signature header, or null for an unknown device. */
    device: DeviceSignature | null;
    auth: RequestAuth | null;
  }
  interface FastifyContextConfig {
    auth?: AuthMode;
  }
}
