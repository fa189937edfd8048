import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { lockDataDir } from './data-dir-lock.ts';

describe('data directory lock', () => {
  it('refuses a directory another live process holds, and takes over one a dead process left', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'haoshi-lock-'));
    const holder = spawn('sleep', ['30']);
    try {
      writeFileSync(join(dir, 'pglite.pid'), String(holder.pid));
      expect(() => lockDataDir(dir)).toThrow(`pid ${holder.pid}`);
    } finally {
      holder.kill('SIGKILL');
      await new Promise((resolve) => holder.once('exit', resolve));
    }
    const unlock = lockDataDir(dir);
    expect(readFileSync(join(dir, 'pglite.pid'), 'utf8')).toBe(String(process.pid));
    unlock();
    expect(existsSync(join(dir, 'pglite.pid'))).toBe(false);
  });
});
