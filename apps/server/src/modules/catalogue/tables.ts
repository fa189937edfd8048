import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { AttributeField, BindingField, GuaranteeOption, Platform } from '@haoshi/contracts';

export interface PublishSchema {
  fields: AttributeField[];
  bindings: BindingField[];
  guarantees: GuaranteeOption[];
  minScreenshots: number;
  maxScreenshots: number;
}

export const games = pgTable('games', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  icon: text('icon').notNull(),
  platforms: text('platforms').array().$type<Platform[]>().notNull(),
  hot: boolean('hot').notNull().default(false),
  sort: integer('sort').notNull().default(0),
  slogan: text('slogan').notNull().default(''),
  publishSchema: jsonb('publish_schema').$type<PublishSchema>().notNull(),
  enabled: boolean('enabled').notNull().default(true),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const gamePartitions = pgTable(
  'game_partitions',
  {
    id: serial('id').primaryKey(),
    gameId: integer('game_id')
      .notNull()
      .references(() => games.id),
    platform: text('platform').$type<Platform>().notNull(),
    name: text('name').notNull(),
    group: text('group').notNull().default(''),
    sort: integer('sort').notNull().default(0),
  },
  (table) => [
    uniqueIndex('game_partitions_game_platform_name_key').on(table.gameId, table.platform, table.name),
    index('game_partitions_game_idx').on(table.gameId, table.sort),
  ],
);
