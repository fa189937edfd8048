import { Button } from 'antd-mobile';
import { Link } from 'react-router';
import { confirm } from '@/core/confirm';
import { showToast } from '@/core/feedback-ui';
import { useIsLoggedIn } from '@/core/storage';
import { AccountSummary } from './account-summary';
import { BrandAbout } from './brand-about';
import { useLogout } from './api/logout';
import { EntryList } from './entry-list';
import { ServiceEntries } from './service-entries';
import { StaffEntries } from './staff-entries';
import { accountEntries, assetEntries, mineMessages, sellerEntries } from './messages';
import './mine.css';

function AccountEntries() {
  return (
    <nav className="mine__entries" aria-label="我的服务">
      {accountEntries.map(({ label, path, Icon }) => (
        <Link key={path} to={path} className="mine__entry">
          <Icon />
          <span>{label}</span>
        </Link>
      ))}
    </nav>
  );
}

/** /mine: the account at a glance, the user's areas, help and legal pages, and logging out. */
export default function MineScreen() {
  const loggedIn = useIsLoggedIn();
  const logout = useLogout(() => showToast({ icon: 'success', content: mineMessages.loggedOut }));

  const askLogout = async () => {
    if (await confirm({ content: mineMessages.logoutConfirm, confirmText: mineMessages.logout }))
      logout.mutate();
  };

  return (
    <div className="mine">
      <header className="mine__header">
        <AccountSummary loggedIn={loggedIn} />
      </header>
      <AccountEntries />
      <StaffEntries loggedIn={loggedIn} />
      <EntryList header={mineMessages.assetsTitle} entries={assetEntries} />
      <EntryList header={mineMessages.sellerTitle} entries={sellerEntries} />
      <ServiceEntries loggedIn={loggedIn} />
      {loggedIn ? (
        <div className="mine__logout">
          <Button block size="large" loading={logout.isPending} onClick={() => void askLogout()}>
            {mineMessages.logout}
          </Button>
        </div>
      ) : null}
      <BrandAbout />
    </div>
  );
}
