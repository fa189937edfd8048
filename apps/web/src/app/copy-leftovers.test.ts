import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { contactParagraphs } from '@/features/legal/documents/operator';
import { routeTable } from './route-table';

const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '../../../..');

/** Source files whose strings reach users: the web client, the server's answers and seed data, contracts. */
function userFacingSources(): string[] {
  const roots = ['apps/web/src', 'apps/server/src', 'packages/contracts/src'].map((dir) =>
    join(repoRoot, dir),
  );
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$|test-support/.test(entry.name)) files.push(path);
    }
  };
  roots.forEach(walk);
  return files;
}

describe('copy leftovers (issue 10, E6)', () => {
  it('names no placeholder user, brand or example address anywhere users can read', () => {
    const leftovers = /好号用户|好号|kefu@|[\w-]+\.example\b|example\.(com|org|net)/;
    const found = userFacingSources().flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .filter((line) => leftovers.test(line))
        .map((line) => `${relative(repoRoot, file)}: ${line.trim()}`),
    );
    expect(found).toEqual([]);
  });

  it("titles a withdrawal's detail 提现详情", () => {
    expect(routeTable.find((entry) => entry.path === '/remitDetail')?.title).toBe('提现详情');
  });

  it('gives users a way to reach the operator that exists: the in-app customer service', () => {
    expect(contactParagraphs.join('')).not.toContain('@');
    expect(contactParagraphs.join('')).toContain('在线客服');
  });
});
