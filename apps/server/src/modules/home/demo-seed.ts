import type { Database } from '../../db/client.ts';
import { gameIdsByName } from '../catalogue/index.ts';
import { bannerSvg, ensureDemoImage, type StorageProvider } from '../storage/index.ts';
import { demoBanners, seedHomeContent } from './demo-content.ts';

/** Demo banners (with their pictures), notices, keywords and news; run after the catalogue is seeded. */
export async function seedHomeDemo(
  db: Database,
  options: { storage: StorageProvider; now: Date },
): Promise<void> {
  for (const [index, banner] of demoBanners.entries())
    await ensureDemoImage(options.storage, `demo/banners/${index + 1}.svg`, 'image/svg+xml', () =>
      bannerSvg(banner.title, banner.subtitle, banner.color),
    );
  await seedHomeContent(db, await gameIdsByName(db), options.now);
}
