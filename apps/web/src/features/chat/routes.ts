import type { FeatureRoutes } from '@/core/feature-routes';

/** Chat (SPEC §2 Chat; issue 12 B). */
export const chatRoutes: FeatureRoutes = {
  screens: {
    '/conversationList': () => import('./conversation-list-screen'),
    '/chat': () => import('./chat-screen'),
    '/chatSystemInform': () => import('./system-inform-screen'),
    '/chatSellerHelper': () => import('./seller-helper-screen'),
  },
};
