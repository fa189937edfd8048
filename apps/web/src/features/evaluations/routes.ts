import type { FeatureRoutes } from '@/core/feature-routes';

/** Evaluations (SPEC §2 /evaluateList, /evaluationService, /goodsEvaluateReturnCash, /goodEvaluateMakeOut, /userEvaluate). */
export const evaluationRoutes: FeatureRoutes = {
  screens: {
    '/evaluateList': () => import('./evaluate-list-screen'),
    '/evaluationService': () => import('./evaluation-service-screen'),
    '/goodsEvaluateReturnCash': () => import('./goods-evaluate-return-cash-screen'),
    '/goodEvaluateMakeOut': () => import('./good-evaluate-make-out-screen'),
    '/userEvaluate': () => import('./user-evaluate-screen'),
  },
};
