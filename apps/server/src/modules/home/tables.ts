import { bigserial, boolean, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { games } from '../catalogue/tables.ts';

export const banners = pgTable('banners', {
  id: serial('id').primaryKey(),
  title: text('title').notNull().unique(),
  image: text('image').notNull(),
  link: text('link').notNull(),
  sort: integer('sort').notNull().default(0),
  active: boolean('active').notNull().default(true),
});

export const notices = pgTable(
  'notices',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    title: text('title').notNull().unique(),
    category: text('category').notNull(),
    content: text('content').notNull(),
    pinned: boolean('pinned').notNull().default(false),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('notices_published_idx').on(table.pinned, table.publishedAt, table.id)],
);

export const searchKeywords = pgTable('search_keywords', {
  keyword: text('keyword').primaryKey(),
  gameId: integer('game_id').references(() => games.id),
  weight: integer('weight').notNull().default(0),
});

export const intelligence = pgTable(
  'intelligence',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    gameId: integer('game_id').references(() => games.id),
    title: text('title').notNull().unique(),
    summary: text('summary').notNull(),
    content: text('content').notNull(),
    cover: text('cover').notNull().default(''),
    views: integer('views').notNull().default(0),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('intelligence_published_idx').on(table.publishedAt, table.id)],
);
