import { Link } from 'react-router';
import { getCurrentBrand, isMerchantEdition } from '@/core/brands';
import { SearchIcon } from '@/ui/icons';
import { assurances, consumerEntries, helpLinks, homeMessages, merchantEntries } from './home-entries';
import './home-landing.css';

/** The branded home: search, the main areas, and why trading here is safe. */
export default function HomeLandingScreen() {
  const brand = getCurrentBrand();
  const entries = isMerchantEdition() ? merchantEntries : consumerEntries;
  return (
    <div className="home">
      <header className="home__hero">
        <h1 className="home__brand">{brand.name}</h1>
        <p className="home__slogan">{brand.slogan}</p>
        <Link to="/search_input" className="home__search" role="search">
          <SearchIcon />
          <span>{homeMessages.searchPlaceholder}</span>
        </Link>
      </header>

      <nav className="home__grid" aria-label="功能入口">
        {entries.map((entry) => (
          <Link key={entry.path} to={entry.path} className="home__entry">
            <span className={`home__entry-icon home__entry-icon--${entry.tone}`} aria-hidden="true">
              {entry.label.slice(0, 1)}
            </span>
            <span className="home__entry-label">{entry.label}</span>
          </Link>
        ))}
      </nav>

      <section className="home__section">
        <h2 className="home__section-title">{homeMessages.assuranceTitle}</h2>
        {assurances.map((item) => (
          <Link key={item.path} to={item.path} className="home__assurance">
            <strong>{item.title}</strong>
            <span>{item.body}</span>
          </Link>
        ))}
      </section>

      <section className="home__section">
        <h2 className="home__section-title">{homeMessages.helpTitle}</h2>
        <div className="home__help">
          {helpLinks.map((link) => (
            <Link key={link.path} to={link.path}>
              {link.label}
            </Link>
          ))}
        </div>
      </section>

      <footer className="home__footer">
        <Link to="/privacy">{homeMessages.privacy}</Link>
        <span aria-hidden="true">·</span>
        <Link to="/serviceAgreement">{homeMessages.agreement}</Link>
        <p>© {brand.name}</p>
      </footer>
    </div>
  );
}
