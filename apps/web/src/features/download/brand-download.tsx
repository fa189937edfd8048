import { Button } from 'antd-mobile';
import { useNavigate } from 'react-router';
import type { Brand } from '@haoshi/contracts';
import { BrandLogo } from '@/ui/brand-logo';
import { downloadMessages, highlightsByType, type Platform } from './messages';
import { downloadPath, platforms } from './platforms';

export function BrandHero({ brand }: { brand: Brand }) {
  return (
    <header className="download__hero">
      <BrandLogo className="download__logo" />
      <h1 className="download__name">{brand.name}</h1>
      <p className="download__slogan">{brand.slogan}</p>
    </header>
  );
}

/** One button per platform; the selected (or this device's) platform is the primary one. */
export function PlatformButtons({ selected, recommended }: { selected?: Platform; recommended?: Platform }) {
  const navigate = useNavigate();
  const primary = selected ?? recommended;
  return (
    <div className="download__buttons">
      {platforms.map((platform) => (
        <Button
          key={platform}
          block
          size="large"
          shape="rounded"
          color="primary"
          fill={platform === primary ? 'solid' : 'outline'}
          onClick={() => void navigate(downloadPath(platform))}
        >
          {downloadMessages.downloadButtons[platform]}
          {platform === recommended ? (
            <span className="download__badge">{downloadMessages.recommended}</span>
          ) : null}
        </Button>
      ))}
    </div>
  );
}

export function InstallGuide({ platform, brand }: { platform: Platform; brand: Brand }) {
  return (
    <section className="download__card" aria-live="polite">
      <h2>{downloadMessages.guideTitle(downloadMessages.platformNames[platform])}</h2>
      <p>{downloadMessages.guides[platform](brand.name)}</p>
    </section>
  );
}

export function Highlights({ brand }: { brand: Brand }) {
  return (
    <section className="download__card">
      <h2>{downloadMessages.highlightsTitle}</h2>
      <ul className="download__highlights">
        {highlightsByType[brand.type].map((item) => (
          <li key={item.title}>
            <strong>{item.title}</strong>
            <span>{item.body}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
