import { useSearchParams } from 'react-router';
import { getCurrentBrand } from '@/core/brands';
import { BrandHero, Highlights, InstallGuide, PlatformButtons } from './brand-download';
import { isPlatform, platformOf } from './platforms';
import './download.css';

/** /download(?os=android|ios|harmony): the current brand's app, per platform. */
export default function DownloadScreen() {
  const [params] = useSearchParams();
  const brand = getCurrentBrand();
  const os = params.get('os');
  const selected = isPlatform(os) ? os : undefined;
  const recommended = platformOf(window.navigator.userAgent);
  const guided = selected ?? recommended;
  return (
    <div className="download">
      <BrandHero brand={brand} />
      <PlatformButtons selected={selected} recommended={recommended} />
      {guided ? <InstallGuide platform={guided} brand={brand} /> : null}
      <Highlights brand={brand} />
    </div>
  );
}
