import { describe, expect, it } from 'vitest';
import { legalRoutes } from '@/features/legal/legal-routes';
import { comingSoonScreen, featureExtraRoutes, routeTable, unknownFeaturePaths } from './route-table';

/** Copied from SPEC §2, group by group: path, then L (needs login) and K (keeps state). */
// prettier-ignore
const specRoutes: ReadonlyArray<readonly [path: string, flags: '' | 'L' | 'K' | 'LK']> = [
  // Home and recycling
  ['/', 'K'], ['/home', 'K'], ['/recycleHome', 'K'], ['/iosRecycleHome', 'K'], ['/recycleList', 'K'],
  ['/myRecycleList', 'K'], ['/recycleDetail', ''], ['/createRecycleOrder', 'L'], ['/createRecycle', 'K'],
  ['/myRecycle', 'L'], ['/recycleAccountNumber', 'K'], ['/recycleUserEvaluation', 'K'],
  ['/recyclePublishSucceed', 'K'], ['/gameIdentifyPage', 'K'],
  // Goods and search
  ['/goodsDetail', ''], ['/kxrGoodsDetail', 'K'], ['/thwGoodsDetail', 'K'], ['/productList', 'K'],
  ['/mhbProductCommon', 'K'], ['/search_input', ''], ['/search_goods_list', 'K'], ['/goodsBargainList', 'K'],
  ['/goodsQRCode', 'K'], ['/sincereSell', 'K'], ['/rank', ''], ['/forumDetails', ''],
  // Account rental and second-hand accounts
  ['/secondAcc', 'K'], ['/thhSecondAcc', 'K'], ['/thhSecondRent', 'K'], ['/thhRentalNumberList', ''],
  ['/thhSelfPumpingAcc', 'K'], ['/selfPumpingAcc', 'K'], ['/secondRent', 'K'], ['/secondOfficial', 'K'],
  ['/thwSecondOfficial', 'K'], ['/officialGuarantee', 'K'], ['/accOrderOfficialGuarantee', 'K'],
  ['/retrieveAcc', 'K'], ['/retrieveAccFirst', 'K'], ['/retrieveAccSecond', 'K'], ['/retrieveAccThird', 'K'],
  ['/retrieveVideo', ''], ['/retrieveVideoForum', ''],
  // Money
  ['/wallet', 'LK'], ['/billList', 'L'], ['/billDetail', ''], ['/personRecharge', 'K'], ['/wxRecharge', 'K'],
  ['/alipayRecharge', 'L'], ['/rechargeRecords', 'K'], ['/balanceOperation', 'K'], ['/balanceAction', 'K'],
  ['/withdrawDeposit', 'L'], ['/withdrawal', 'L'], ['/withdrawalRecords', 'L'], ['/paymentType', ''],
  ['/addPayMentType', ''], ['/payMentTypeDetail', ''], ['/autoPayMent', 'K'], ['/cashPledgeRecord', 'K'],
  ['/quickRemit', 'L'], ['/remitDetail', 'L'], ['/orderRefund', 'L'], ['/reconciliate', 'K'], ['/changeQrCode', 'K'],
  // Orders and after-sales
  ['/order_detail', 'L'], ['/afterSalesList', 'K'], ['/afterSalesSearchList', ''], ['/evaluateList', ''],
  ['/evaluationService', 'L'], ['/goodsEvaluateReturnCash', ''], ['/goodEvaluateMakeOut', 'K'],
  ['/userEvaluate', 'K'], ['/offlineRetrievalList', 'L'], ['/offlineRetrievalDetails', 'L'],
  ['/offlineOrderHandle', 'L'], ['/offlineOrderData', 'L'], ['/resellList', 'L'], ['/userUrgent', 'K'],
  ['/proceedingDetail', 'K'], ['/lawyersLetter', 'K'],
  // Chat
  ['/conversationList', 'LK'], ['/chat', 'LK'], ['/chatSystemInform', 'L'], ['/chatSellerHelper', 'LK'],
  ['/customerService', ''], ['/customerServiceChat', 'K'],
  // Coupons and promotion
  ['/myCoupon', 'K'], ['/couponHall', ''], ['/promotionHomepage', 'K'], ['/promotionRecords', 'K'],
  ['/addPromotionalProducts', 'K'],
  // Merchant
  ['/business', 'L'], ['/businessDetail', ''], ['/businessPay', ''], ['/businessDeposit', ''], ['/mhbBusiness', ''],
  ['/thhMerchantJoinMain', 'L'], ['/merchantAccount', ''], ['/merchantAccountList', ''], ['/merchantPhoneList', 'K'],
  ['/storeTransfer', ''], ['/attractInvestment', ''], ['/bCooperation', 'K'], ['/blackNumber', 'K'],
  // User and personal
  ['/attention', 'K'], ['/collection', 'K'], ['/footprint', 'K'], ['/visitor', 'K'], ['/logoutAccount', ''],
  ['/h5Login', ''], ['/authLogin', 'K'], ['/idCard', 'K'], ['/personInfo', ''], ['/personBasicInfo', ''],
  ['/locationInfo', ''], ['/devicceInfo', ''], ['/thirdInfo', ''], ['/minorReminder', 'K'], ['/helpFeedback', 'K'],
  ['/reportCenter', ''], ['/commitReport', ''], ['/douYinAccount', ''], ['/remoteControlPhone', 'L'],
  ['/cloudMobilePhone', 'L'], ['/phoneCardLoginLog', 'L'], ['/printScreenVerifyGuide', ''], ['/wxPushInform', ''],
  ['/recoveryNotice', 'L'], ['/noticeDetails', 'L'], ['/protocol', ''], ['/ratifyAccord', 'L'],
  ['/protocolSnapshot', 'L'], ['/accountTransferAgreement', 'LK'],
  // Information and legal pages
  ['/privacy', ''], ['/privacyDetail', ''], ['/serviceAgreement', ''], ['/serviceFee', ''], ['/rentPromise', ''],
  ['/tradeRules', ''], ['/accTransAgreement', ''], ['/personalNorm', ''], ['/mhbCompensation', ''],
  ['/allLifeGuarantee', ''], ['/rentCourse', 'K'], ['/download', ''], ['/webDownload', ''],
  ['/peaceDealIntroduce', ''], ['/thhSafe', ''], ['/usPrChatNorm', ''], ['/buServerNorm', ''], ['/test', ''],
];

const byPath = new Map(routeTable.map((entry) => [entry.path, entry]));

describe('route table', () => {
  it('copies all 152 routes of SPEC §2 into the expected list', () => {
    expect(specRoutes).toHaveLength(152);
    expect(new Set(specRoutes.map(([path]) => path)).size).toBe(152);
  });

  it('has every SPEC route with the L and K flags SPEC marks', () => {
    const mismatches = specRoutes.flatMap(([path, flags]) => {
      const entry = byPath.get(path);
      if (!entry) return [`${path}: missing`];
      const actual = `${entry.login ? 'L' : ''}${entry.keepAlive ? 'K' : ''}`;
      return actual === flags ? [] : [`${path}: expected '${flags}', got '${actual}'`];
    });
    expect(mismatches).toEqual([]);
  });

  it("gives screens only to SPEC routes (a feature's own routes go through extraRoutes)", () => {
    expect(unknownFeaturePaths).toEqual([]);
  });

  it('has every legal route, /mine, the routes features add, and nothing else', () => {
    for (const legal of legalRoutes)
      expect(byPath.get(legal.path)?.keepAlive, legal.path).toBe(legal.keepAlive);
    const expected = new Set([
      ...specRoutes.map(([path]) => path),
      ...legalRoutes.map((legal) => legal.path),
      '/mine',
      ...featureExtraRoutes.map((entry) => entry.path),
    ]);
    expect(routeTable.map((entry) => entry.path).filter((path) => !expected.has(path))).toEqual([]);
    expect(byPath.get('/mine')).toMatchObject({ login: false, keepAlive: false });
  });

  it('has no duplicate paths, even ignoring case', () => {
    const lower = routeTable.map((entry) => entry.path.toLowerCase());
    expect(new Set(lower).size).toBe(lower.length);
  });

  it('gives every route a Chinese title', () => {
    const untitled = routeTable
      .filter((entry) => !/\p{Script=Han}/u.test(entry.title))
      .map((entry) => entry.path);
    expect(untitled).toEqual([]);
  });

  it('reports which routes still use the coming-soon screen', () => {
    const pending = routeTable
      .filter((entry) => entry.screen === comingSoonScreen)
      .map((entry) => entry.path);
    console.info(
      `${pending.length} of ${routeTable.length} routes still use the coming-soon screen:\n${pending.join(' ')}`,
    );
    expect(pending).not.toContain('/h5Login');
  });
});
