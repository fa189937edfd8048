import type { QueryClient, QueryKey } from '@tanstack/react-query';
import {
  afterSalesKeys,
  bargainKeys,
  chatKeys,
  couponKeys,
  customerServiceKeys,
  evaluationKeys,
  favouritesKeys,
  goodsDetailKeys,
  guaranteeKeys,
  homeKeys,
  mineKeys,
  orderKeys,
  orderHandoverKeys,
  payoutMethodKeys,
  personalKeys,
  protocolKeys,
  publishKeys,
  rechargeKeys,
  realNameKeys,
  searchKeys,
  sincerityKeys,
  walletKeys,
  withdrawalKeys,
  accountCancelKeys,
} from './query-keys';

/** What moves the user's money: balances, bills, statements and every screen showing what can go. */
const money: readonly QueryKey[] = [
  walletKeys.all,
  withdrawalKeys.page,
  rechargeKeys.userInfo,
  sincerityKeys.main,
];

/** What shows a listing: its detail, the lists it appears in and the seller's own list. */
const listings: readonly QueryKey[] = [goodsDetailKeys.all, searchKeys.goods, homeKeys.all, publishKeys.mine];

/**
 * The one table of what each mutation makes stale, across features (DESIGN §6: one data layer).
 * A mutation's hook calls `invalidateAfter(client, name)` on success; a key prefix refreshes every
 * query under it. Add a row when adding a mutation; query-links.test.ts checks the money rows.
 */
export const staleAfter = {
  withdraw: [...money, withdrawalKeys.all],
  cancelWithdrawal: [...money, withdrawalKeys.all],
  staffHandleWithdrawal: [withdrawalKeys.staffList],
  /** Any step of a bargain changes its thread and both parties' lists. */
  offerBargain: [bargainKeys.all],
  counterBargain: [bargainKeys.all],
  agreeBargain: [bargainKeys.all],
  rejectBargain: [bargainKeys.all],
  cancelBargain: [bargainKeys.all],
  deleteBargain: [bargainKeys.all],
  /** A recharge counts once paid (the confirm poll answers paid). */
  rechargePaid: [...money, rechargeKeys.records],
  transfer: money,
  addPayoutMethod: [payoutMethodKeys.all, withdrawalKeys.page, withdrawalKeys.auto],
  deletePayoutMethod: [payoutMethodKeys.all, withdrawalKeys.page, withdrawalKeys.auto],
  changePayoutQrCode: [payoutMethodKeys.all, withdrawalKeys.page],
  /** A signature changes the protocol's page, its status and its snapshots. */
  signProtocol: [protocolKeys.all],
  paySincerity: [...money, sincerityKeys.all],
  refundSincerity: [...money, sincerityKeys.all],
  /** From the detail, either way; the detail sets its own state from the answer. */
  saveGoods: [favouritesKeys.saved],
  /** From 我的收藏: the listings' details ask again. */
  removeFavourite: [favouritesKeys.saved, goodsDetailKeys.saveStatuses],
  /** From the detail's seller card, either way; the card sets its own state from the answer. */
  followStore: [favouritesKeys.followedStores],
  /** From 我的关注. */
  unfollowStore: [favouritesKeys.followedStores, goodsDetailKeys.followings],
  publishGoods: listings,
  goodsShelfAction: listings,
  /** The snapshot itself is set from the answer; these show the verified flag. */
  submitRealName: [
    realNameKeys.bindStatus,
    payoutMethodKeys.all,
    walletKeys.transferMain,
    withdrawalKeys.page,
  ],
  /** The bind status is set from the answer; the account shows the masked phone. */
  bindPhone: [mineKeys.currentUser],
  receiveCoupon: [couponKeys.all],
  /** The listing is locked and the coupon held: neither shows as available any more. */
  placeOrder: [orderKeys.all, couponKeys.all, ...listings],
  payOrder: [...money, orderKeys.all, couponKeys.all],
  cancelOrder: [orderKeys.all, couponKeys.all, ...listings],
  /** The seller's balance moves; the buyer's screens show the order completed. */
  confirmOrder: [...money, orderKeys.all, ...listings],
  /** 开始交付 / 完成换绑: the hand-over panels show the next step. */
  orderPartyStep: [orderKeys.all, orderHandoverKeys.all],
  /** The hand-over panels redraw from each answer; these show the order's step elsewhere. */
  submitOrderAccount: [orderKeys.all, orderHandoverKeys.all],
  /** A mismatch refunds the buyer and takes the listing off the shelf. */
  verifyOrder: [...money, ...listings, orderKeys.all, orderHandoverKeys.all],
  attachOrderVideo: [orderKeys.all, orderHandoverKeys.all],
  rebindingStep: [orderKeys.all, orderHandoverKeys.all],
  urgeOrder: [orderKeys.all, orderHandoverKeys.all],
  /** Damages move money between the parties (and the seller's deposit); the timeline gains a step. */
  liquidatedDamages: [...money, orderKeys.all, orderHandoverKeys.all],
  openDispute: [afterSalesKeys.all, ...listings],
  disputeMessage: [afterSalesKeys.all],
  /** A resolution moves escrow to the buyer, the seller or both. */
  resolveDispute: [afterSalesKeys.all, ...money, ...listings],
  /** The 评价返现 lands in the buyer's wallet. */
  submitEvaluation: [evaluationKeys.all, goodsDetailKeys.all, ...money],
  /** Chat (issue 12): a block shows in the conversation and the list; a read channel drops its badge. */
  blockChatUser: [chatKeys.all],
  readChatNotices: [chatKeys.conversations],
  /** A session step changes the session, the staff queue and the session's chat (its notices). */
  serviceSessionStep: [customerServiceKeys.all],
  rateServiceSession: [customerServiceKeys.all],
  /** A claim's every step shows on the claim, the order's plan, the lists and the staff's figures. */
  fileClaim: [guaranteeKeys.all],
  supplementClaim: [guaranteeKeys.all],
  withdrawClaim: [guaranteeKeys.all],
  reviewClaim: [guaranteeKeys.all],
  /** The compensation lands in the buyer's wallet. */
  compensateClaim: [guaranteeKeys.all, ...money],
  /** The profile and its history are set from the answer; the account card shows nickname and avatar. */
  updateProfile: [personalKeys.profile, personalKeys.history, mineKeys.currentUser],
  revokeSession: [personalKeys.sessions],
  /** A binding also decides whether WeChat notices can be turned on. */
  changeBinding: [personalKeys.bindings, personalKeys.wxNotice],
  /** What the home feed and the footprints show follows the switches. */
  updatePrivacy: [personalKeys.privacy, homeKeys.recommend, favouritesKeys.all],
  submitFeedback: [personalKeys.feedback],
  /** 申请注销 / 确认 / 撤销注销: the conditions and the request's state. */
  accountCancel: [accountCancelKeys.all],
} as const satisfies Record<string, readonly QueryKey[]>;

export type MutationName = keyof typeof staleAfter;

/** Marks stale (and refetches if on screen) everything the mutation changed. */
export async function invalidateAfter(client: QueryClient, mutation: MutationName): Promise<void> {
  await Promise.all(staleAfter[mutation].map((queryKey) => client.invalidateQueries({ queryKey })));
}
