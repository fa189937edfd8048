import type { FeatureRoutes } from '@/core/feature-routes';

export const personalRoutes: FeatureRoutes = {
  screens: {
    '/personInfo': () => import('./person-info-screen'),
    '/personBasicInfo': () => import('./person-basic-info-screen'),
    '/locationInfo': () => import('./location-info-screen'),
    '/devicceInfo': () => import('./device-info-screen'),
    '/thirdInfo': () => import('./third-info-screen'),
    '/douYinAccount': () => import('./douyin-account-screen'),
    '/wxPushInform': () => import('./wx-push-inform-screen'),
    '/helpFeedback': () => import('./help-feedback-screen'),
    '/noticeDetails': () => import('./notice-details-screen'),
    '/printScreenVerifyGuide': () => import('./print-screen-verify-guide-screen'),
    '/minorReminder': () => import('./minor-reminder-screen'),
  },
};
