import { desc, eq } from 'drizzle-orm';
import type { DataExportSource } from '../../lib/data-export.ts';
import { feedback } from './tables.ts';

/** The feedback module's share of "my data". */
export const feedbackExportSources: DataExportSource[] = [
  {
    module: 'feedback',
    title: '意见反馈',
    async records(executor, userId) {
      const rows = await executor
        .select()
        .from(feedback)
        .where(eq(feedback.userId, userId))
        .orderBy(desc(feedback.id));
      return rows.map((row) => ({
        id: row.id,
        category: row.category,
        content: row.content,
        page: row.page,
        contact: row.contact,
        images: row.images,
        status: row.status,
        reply: row.reply,
        created_at: row.createdAt.toISOString(),
      }));
    },
  },
];
