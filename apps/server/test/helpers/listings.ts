import sharp from 'sharp';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type {
  AttributeValues,
  Game,
  GoodsData,
  Partition,
  Platform,
  PublishProperties,
  PublishRequest,
  UploadPurpose,
  UploadTicket,
} from '@haoshi/contracts';
import { seedCatalogue } from '../../src/modules/catalogue/catalogue-service.ts';
import { seedSearchAliases } from '../../src/modules/goods/search-aliases.ts';
import { createTestApp, type TestApp } from './test-app.ts';
import { call } from './identity.ts';

/** A test app with a writable DATA_DIR (uploads), the game catalogue and the search aliases seeded. */
export async function createListingsApp(env: Record<string, string> = {}): Promise<TestApp> {
  const t = await createTestApp({
    DATA_DIR: mkdtempSync(join(tmpdir(), 'haoshi-listings-')),
    SEARCH_CACHE_MS: '0',
    ...env,
  });
  await seedCatalogue(t.database.db);
  await seedSearchAliases(t.database.db);
  return t;
}

export async function gameNamed(
  t: TestApp,
  name: string,
): Promise<{ game: Game; properties: PublishProperties; partitions: Partition[] }> {
  const games = await call<{ list: Game[] }>(t.app, 'GET', '/app/goods/game');
  const game = games.body.data?.list.find((candidate) => candidate.name === name);
  if (!game) throw new Error(`no game ${name}`);
  const properties = await call<PublishProperties>(
    t.app,
    'GET',
    `/app/goods/publish/properties?game_id=${game.id}`,
  );
  const partitions = await call<{ list: Partition[] }>(
    t.app,
    'GET',
    `/app/goods/game/partition?game_id=${game.id}`,
  );
  if (!properties.body.data || !partitions.body.data) throw new Error('catalogue calls failed');
  return { game, properties: properties.body.data, partitions: partitions.body.data.list };
}

export const pngBytes = (width = 40, height = 30, background = '#e03030') =>
  sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toBuffer();

export async function tickets(
  t: TestApp,
  token: string,
  files: { content_type: string; size: number }[],
  purpose: UploadPurpose = 'goods_screenshot',
) {
  const { body } = await call<{ tickets: UploadTicket[] }>(t.app, 'POST', '/app/upload/ticket', {
    token,
    body: { purpose, files },
  });
  if (!body.data) throw new Error(`tickets refused: ${JSON.stringify(body)}`);
  return body.data.tickets;
}

export async function put(
  t: TestApp,
  ticket: UploadTicket,
  bytes: Buffer,
  contentType = ticket.headers['content-type'] ?? 'image/png',
) {
  const response = await t.app.inject({
    method: 'PUT',
    url: ticket.upload_url,
    payload: bytes,
    headers: { 'content-type': contentType },
  });
  return {
    response,
    body: response.json<{
      err_code: number;
      message?: string;
      data?: { key: string; width: number; height: number };
    }>(),
  };
}

/** Uploads `count` small PNG screenshots (for `purpose`) and returns their keys. */
export async function uploadScreenshots(
  t: TestApp,
  token: string,
  count = 2,
  purpose: UploadPurpose = 'goods_screenshot',
): Promise<string[]> {
  const bytes = await pngBytes();
  const issued = await tickets(
    t,
    token,
    Array.from({ length: count }, () => ({ content_type: 'image/png', size: bytes.length })),
    purpose,
  );
  for (const ticket of issued) {
    const { body } = await put(t, ticket, bytes);
    if (body.err_code !== 0) throw new Error(`upload failed: ${JSON.stringify(body)}`);
  }
  return issued.map((ticket) => ticket.key);
}

/** The least input the game's schema accepts: every required field at its first option or minimum. */
export function minimalValues(properties: PublishProperties): {
  attrs: AttributeValues;
  bindings: AttributeValues;
} {
  const attrs: AttributeValues = {};
  for (const field of properties.fields) {
    if (!field.required) continue;
    if (field.type === 'int') attrs[field.key] = field.min;
    else if (field.type === 'enum') attrs[field.key] = field.options[0]?.value ?? '';
    else if (field.type === 'bool') attrs[field.key] = false;
    else if (field.type === 'text') attrs[field.key] = 'x';
  }
  const bindings: AttributeValues = {};
  for (const field of properties.bindings) {
    if (!field.required) continue;
    if (field.type === 'enum') bindings[field.key] = field.options[0]?.value ?? '';
    else if (field.type === 'bool') bindings[field.key] = true;
    else bindings[field.key] = field.min;
  }
  return { attrs, bindings };
}

export function publishBody(
  game: { game: Game; properties: PublishProperties; partitions: Partition[] },
  overrides: Partial<PublishRequest> & { platform?: Platform } = {},
): PublishRequest {
  const platform = overrides.platform ?? game.game.platforms[0] ?? 'android';
  const partition = game.partitions.find((candidate) => candidate.platform === platform);
  return {
    game_id: game.game.id,
    platform,
    partition_id: partition?.id ?? 0,
    title: `${game.game.name} 测试账号`,
    description: '测试描述',
    ...minimalValues(game.properties),
    price: '100',
    ...overrides,
  };
}

export async function publish(t: TestApp, token: string, body: PublishRequest) {
  return call<GoodsData>(t.app, 'POST', '/app/goods/publish', { token, body });
}

/** Publishes and submits; throws unless the listing ends on sale. */
export async function listOnSale(t: TestApp, token: string, body: PublishRequest): Promise<GoodsData> {
  const { body: answer } = await publish(t, token, { ...body, submit: true });
  if (answer.err_code !== 0 || answer.data?.status !== 'on_sale')
    throw new Error(`not on sale: ${JSON.stringify(answer)}`);
  return answer.data;
}

/** One screenshot uploaded as dispute or claim evidence; answers its key. */
export async function disputeEvidence(t: TestApp, token: string): Promise<string> {
  const [key] = await uploadScreenshots(t, token, 1, 'dispute');
  if (!key) throw new Error('no evidence uploaded');
  return key;
}
