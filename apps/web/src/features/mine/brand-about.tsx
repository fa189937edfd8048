import { editionOf, getCurrentBrand } from '@/core/brands';
import { BrandLogo } from '@/ui/brand-logo';
import { editionLabels, mineMessages } from './messages';

/** 关于: which app this is (brand, slogan) and which edition; the merchant edition says so. */
export function BrandAbout() {
  const brand = getCurrentBrand();
  const edition = editionOf(brand);
  return (
    <section className="mine__about" aria-label={mineMessages.aboutTitle} data-edition={edition}>
      <BrandLogo className="mine__about-logo" />
      <div className="mine__about-text">
        <p className="mine__about-name">
          {brand.name}
          <span className="mine__about-edition">{editionLabels[edition]}</span>
        </p>
        <p className="mine__about-slogan">{brand.slogan}</p>
        {edition === 'merchant' ? <p className="mine__about-note">{mineMessages.merchantNote}</p> : null}
      </div>
    </section>
  );
}
