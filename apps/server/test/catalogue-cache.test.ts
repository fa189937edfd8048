import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createCatalogueService, seedCatalogue } from '../src/modules/catalogue/catalogue-service.ts';
import { createTestApp, databaseKind, type TestApp } from './helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  vi.restoreAllMocks();
  await t.close();
});

describe(`the catalogue's cache (${databaseKind})`, () => {
  it('past its minute answers at once inside a transaction, and reloads behind it', async () => {
    await seedCatalogue(t.app.db);
    const catalogue = createCatalogueService({ db: t.app.db, imageUrl: (key) => key });
    const first = await catalogue.lookup();
    expect(first.games.length).toBeGreaterThan(0);

    const start = performance.now();
    vi.spyOn(performance, 'now').mockReturnValue(start + 61_000);
    // On PGlite a load here would wait for this transaction's own connection for ever.
    const inside = await t.app.db.transaction(async () => catalogue.lookup());
    expect(inside).toBe(first);
    await vi.waitFor(async () => expect(await catalogue.lookup()).not.toBe(first));
  });

  it('after an invalidation waits for the fresh catalogue', async () => {
    const catalogue = createCatalogueService({ db: t.app.db, imageUrl: (key) => key });
    const first = await catalogue.lookup();
    catalogue.invalidate();
    const next = await catalogue.lookup();
    expect(next).not.toBe(first);
    expect(next.games.map((game) => game.id)).toEqual(first.games.map((game) => game.id));
  });
});
