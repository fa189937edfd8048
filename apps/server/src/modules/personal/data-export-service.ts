import type { DataExport } from '@haoshi/contracts';
import type { Database } from '../../db/client.ts';
import type { DataExportSource } from '../../lib/data-export.ts';

/** "My data" (个人信息副本): every module's records of the user, read in one snapshot. */
export function createDataExport(deps: {
  db: Database;
  sources: readonly DataExportSource[];
  now: () => Date;
}) {
  return async function exportOf(userId: number): Promise<DataExport> {
    const sections = await deps.db.transaction(async (tx) => {
      const out: DataExport['sections'] = [];
      for (const source of deps.sources) {
        out.push({ module: source.module, title: source.title, records: await source.records(tx, userId) });
      }
      return out;
    });
    return { user_id: userId, generated_at: deps.now().toISOString(), sections };
  };
}
