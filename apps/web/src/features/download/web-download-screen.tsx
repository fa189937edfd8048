import { getCurrentBrand } from '@/core/brands';
import { QrImage } from '@/ui/qr-image';
import { BrandHero, Highlights, PlatformButtons } from './brand-download';
import { downloadMessages } from './messages';
import './download.css';

/** /webDownload: the web site's variant, opened on a computer: scan to get the app on the phone. */
export default function WebDownloadScreen() {
  const brand = getCurrentBrand();
  const mobilePage = `${window.location.origin}/download?pkg=${brand.pkg}`;
  return (
    <div className="download download--web">
      <BrandHero brand={brand} />
      <p className="download__intro">{downloadMessages.webIntro(brand.name)}</p>
      <section className="download__card download__scan">
        <h2>{downloadMessages.scanTitle}</h2>
        <QrImage content={mobilePage} label={downloadMessages.qrLabel} />
        <p>{downloadMessages.scanHint}</p>
      </section>
      <PlatformButtons />
      <Highlights brand={brand} />
    </div>
  );
}
