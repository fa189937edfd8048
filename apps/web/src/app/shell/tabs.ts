import { lazy, type ComponentType } from 'react';
import { HomeIcon, MessageIcon, RecycleIcon, UserIcon } from '@/ui/icons';
import { appMessages } from '../messages';

export interface Tab {
  path: string;
  title: string;
  Icon: ComponentType<{ active?: boolean }>;
  /** A count on the tab for a logged-in user (its code loads only then, off a guest's first visit). */
  Badge?: ComponentType;
}

export const tabs: readonly Tab[] = [
  { path: '/', title: appMessages.tabs.home, Icon: HomeIcon },
  { path: '/recycleHome', title: appMessages.tabs.recycle, Icon: RecycleIcon },
  {
    path: '/conversationList',
    title: appMessages.tabs.messages,
    Icon: MessageIcon,
    Badge: lazy(() => import('@/features/chat/unread-badge')),
  },
  { path: '/mine', title: appMessages.tabs.mine, Icon: UserIcon },
];

/** The tab a pathname belongs to, if it is a tab route ('/home' is the home tab too). */
export function tabOf(pathname: string): string | undefined {
  const path = pathname === '/home' ? '/' : pathname;
  return tabs.find((tab) => tab.path === path)?.path;
}
