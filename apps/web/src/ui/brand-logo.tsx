import { brandLogoUrl } from '@/core/brand-document';
import { getCurrentPackage } from '@/core/brands';

/**
 * This visit's brand logo (its letter mark); `inverse` on a brand-coloured background. Always shown
 * next to the brand's name, so it is decorative (empty alt): the name is read once.
 */
export function BrandLogo({ className, inverse = false }: { className?: string; inverse?: boolean }) {
  return (
    <img
      className={className}
      src={brandLogoUrl(getCurrentPackage(), inverse)}
      alt=""
      width={64}
      height={64}
      data-testid="brand-logo"
    />
  );
}
