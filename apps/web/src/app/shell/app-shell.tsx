import { NavBar, SafeArea, TabBar } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { RouteMeta } from '@/ui/route-meta';
import { useBack } from '@/ui/use-back';
import { tabOf, tabs } from './tabs';
import './shell.css';

function BottomTabBar({ active }: { active: string }) {
  const navigate = useNavigate();
  return (
    <nav className="app-shell__tab-bar" aria-label="主导航">
      <TabBar activeKey={active} onChange={(path) => void navigate(path)}>
        {tabs.map(({ path, title, Icon }) => (
          <TabBar.Item key={path} title={title} icon={(isActive: boolean) => <Icon active={isActive} />} />
        ))}
      </TabBar>
      <SafeArea position="bottom" />
    </nav>
  );
}

/**
 * Status-bar inset (core sets --app-sb-h from sb_h), a top bar with back on inner pages, the route
 * viewport, and the bottom tab bar on the four tab pages.
 */
export function AppShell({ meta, children }: { meta: RouteMeta; children: ReactNode }) {
  const { pathname } = useLocation();
  const back = useBack();
  const tab = tabOf(pathname);
  return (
    <div className="app-shell">
      {tab === undefined ? (
        <header className="app-shell__nav-bar">
          <NavBar onBack={back}>{meta.title}</NavBar>
        </header>
      ) : null}
      <main className="app-shell__viewport">{children}</main>
      {tab === undefined ? null : <BottomTabBar active={tab} />}
    </div>
  );
}
