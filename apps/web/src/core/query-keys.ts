import type {
  BargainRole,
  BargainTab,
  BillType,
  CommentTag,
  CouponTab,
  EvaluationTab,
  GoodsFilterRequest,
  GoodsStatus,
  NoticeChannel,
  OrderGuaranteeQuery,
  OrderSide,
  OrderTab,
  SincerityKind,
  WithdrawalStatus,
} from '@haoshi/contracts';

/**
 * Every query key of the app, one factory per feature. They live here, below the features, so that
 * the invalidation table (query-links.ts) can name what a mutation of one feature makes stale in
 * another without features importing each other. The first element is the feature: invalidating
 * `xxxKeys.all` refreshes everything of that feature.
 */

export const authKeys = {
  all: ['auth'] as const,
  qrScan: (ticket: string) => ['auth', 'qr-scan', ticket] as const,
  qrStatus: (ticket: string | undefined) => ['auth', 'qr-status', ticket] as const,
  qrTicket: ['auth', 'qr-ticket'] as const,
};

export const homeKeys = {
  all: ['home'] as const,
  index: ['home', 'index'] as const,
  hot: ['home', 'hot'] as const,
  recommend: ['home', 'recommend'] as const,
};

export const searchKeys = {
  all: ['search'] as const,
  games: ['search', 'games'] as const,
  goods: ['search', 'goods'] as const,
  goodsList: (firstPage: GoodsFilterRequest) => ['search', 'goods', firstPage] as const,
  keywords: (keyword: string) => ['search', 'keywords', keyword] as const,
  listHeader: (gameId: number | undefined) => ['search', 'list-header', gameId ?? null] as const,
  topGames: ['search', 'top', 'games'] as const,
  topStores: ['search', 'top', 'stores'] as const,
};

export const goodsDetailKeys = {
  all: ['goods-detail'] as const,
  detail: (goodsId: number, loggedIn: boolean) => ['goods-detail', goodsId, loggedIn] as const,
  saveStatus: (goodsId: number, loggedIn: boolean) =>
    ['goods-detail', 'save-status', goodsId, loggedIn] as const,
  saveStatuses: ['goods-detail', 'save-status'] as const,
  following: (sellerId: number) => ['goods-detail', 'following', sellerId] as const,
  followings: ['goods-detail', 'following'] as const,
  commentSummary: (goodsId: number) => ['goods-detail', 'comment-summary', goodsId] as const,
  comments: (goodsId: number, tag: CommentTag | undefined, pageSize: number) =>
    ['goods-detail', 'comments', goodsId, tag ?? 'all', pageSize] as const,
  recommend: (source: 'similar' | 'store', goodsId: number) =>
    ['goods-detail', 'recommend', source, goodsId] as const,
  article: (kind: string, id: number) => ['goods-detail', 'article', kind, id] as const,
  qr: (goodsId: number) => ['goods-detail', 'qr', goodsId] as const,
  qrStatus: (ticket: string | undefined) => ['goods-detail', 'qr-status', ticket] as const,
};

export const favouritesKeys = {
  all: ['favourites'] as const,
  saved: ['favourites', 'saved'] as const,
  followedStores: ['favourites', 'followed-stores'] as const,
  footprints: ['favourites', 'footprints'] as const,
  visitors: ['favourites', 'visitors'] as const,
};

export const publishKeys = {
  all: ['publish'] as const,
  games: ['publish', 'games'] as const,
  partitions: (gameId: number | undefined) => ['publish', 'partitions', gameId] as const,
  properties: (gameId: number | undefined) => ['publish', 'properties', gameId] as const,
  goodsData: (goodsId: number | undefined) => ['publish', 'goods-data', goodsId] as const,
  resellDraft: (orderNo: string) => ['publish', 'resell-draft', orderNo] as const,
  mine: ['publish', 'mine'] as const,
  myGoods: (status: GoodsStatus) => ['publish', 'mine', status] as const,
  recent: ['publish', 'mine', 'recent'] as const,
};

export const mineKeys = {
  all: ['mine'] as const,
  currentUser: ['mine', 'current-user'] as const,
};

export const walletKeys = {
  all: ['wallet'] as const,
  summary: ['wallet', 'summary'] as const,
  bills: ['wallet', 'bills'] as const,
  billList: (type: BillType | undefined, month: string | undefined) =>
    ['wallet', 'bills', type ?? 'all', month ?? 'all'] as const,
  bill: (id: number | undefined) => ['wallet', 'bill', id] as const,
  statement: (months: number) => ['wallet', 'statement', months] as const,
  profit: ['wallet', 'profit'] as const,
  profitMessages: ['wallet', 'profit-messages'] as const,
  transferMain: ['wallet', 'transfer-main'] as const,
};

export const withdrawalKeys = {
  all: ['withdrawals'] as const,
  page: ['withdrawals', 'page'] as const,
  list: ['withdrawals', 'list'] as const,
  listOf: (status: WithdrawalStatus | undefined) => ['withdrawals', 'list', status ?? 'all'] as const,
  detail: (id: number) => ['withdrawals', 'detail', id] as const,
  auto: ['withdrawals', 'auto'] as const,
  staff: ['withdrawals', 'staff'] as const,
  staffList: ['withdrawals', 'staff', 'list'] as const,
  staffListOf: (status: WithdrawalStatus | undefined) =>
    ['withdrawals', 'staff', 'list', status ?? 'all'] as const,
  staffDetail: (id: number) => ['withdrawals', 'staff', 'detail', id] as const,
  rejectReasons: ['withdrawals', 'staff', 'reasons'] as const,
};

export const rechargeKeys = {
  all: ['recharge'] as const,
  main: ['recharge', 'main'] as const,
  userInfo: ['recharge', 'user-info'] as const,
  records: ['recharge', 'records'] as const,
  confirm: (orderNo: string) => ['recharge', 'confirm', orderNo] as const,
};

export const protocolKeys = {
  all: ['protocols'] as const,
  page: (orderNo: string) => ['protocols', 'page', orderNo] as const,
  snapshots: (orderNo: string) => ['protocols', 'snapshots', orderNo] as const,
};

export const payoutMethodKeys = {
  all: ['payout-methods'] as const,
  list: ['payout-methods', 'list'] as const,
};

export const sincerityKeys = {
  all: ['sincerity'] as const,
  main: ['sincerity', 'main'] as const,
  bills: (kind: SincerityKind) => ['sincerity', 'bills', kind] as const,
  holds: (kind: SincerityKind) => ['sincerity', 'holds', kind] as const,
};

export const realNameKeys = {
  all: ['real-name'] as const,
  bindStatus: ['real-name', 'bind-status'] as const,
  snapshot: ['real-name', 'snapshot'] as const,
};

export const couponKeys = {
  all: ['coupons'] as const,
  hall: ['coupons', 'hall'] as const,
  newUser: ['coupons', 'new-user'] as const,
  list: (status: CouponTab) => ['coupons', 'list', status] as const,
};

export const orderKeys = {
  all: ['orders'] as const,
  guarantee: (query: OrderGuaranteeQuery) =>
    [
      'orders',
      'guarantee',
      query.goods_id,
      query.guarantee ?? null,
      query.coupon_id ?? null,
      query.bargain_id ?? null,
    ] as const,
  detail: (orderNo: string) => ['orders', 'detail', orderNo] as const,
  list: (side: OrderSide, tab: OrderTab) => ['orders', 'list', side, tab] as const,
};

/** The hand-over panels of an order (issue 11 C) and the urges of /userUrgent. */
export const orderHandoverKeys = {
  all: ['order-handover'] as const,
  panel: (orderNo: string) => ['order-handover', 'panel', orderNo] as const,
  urges: ['order-handover', 'urges'] as const,
};

export const afterSalesKeys = {
  all: ['after-sales'] as const,
  detail: (orderNo: string) => ['after-sales', 'detail', orderNo] as const,
  staffList: (state: string, q: string) => ['after-sales', 'staff-list', state, q] as const,
};

export const evaluationKeys = {
  all: ['evaluations'] as const,
  main: (orderNo: string) => ['evaluations', 'main', orderNo] as const,
  mine: (tab: EvaluationTab) => ['evaluations', 'mine', tab] as const,
  received: (userId: number) => ['evaluations', 'received', userId] as const,
};

export const bargainKeys = {
  all: ['bargains'] as const,
  info: (query: { goodsId?: number; bargainId?: number }) =>
    ['bargains', 'info', query.goodsId ?? 0, query.bargainId ?? 0] as const,
  list: (role: BargainRole, tab: BargainTab) => ['bargains', 'list', role, tab] as const,
};

/**
 * Chat (issue 12): conversations, their history (the socket writes new messages into it), the
 * notice channels and the 消息 tab's unread totals. The seller helper's two lists sit under the
 * bargains' and orders' prefixes, so every bargain or order mutation refreshes them too.
 */
export const chatKeys = {
  all: ['chat'] as const,
  im: ['chat', 'im'] as const,
  msgHome: ['chat', 'msg-home'] as const,
  conversations: ['chat', 'conversations'] as const,
  conversation: (conversationId: number) => ['chat', 'conversation', conversationId] as const,
  messages: (conversationId: number) => ['chat', 'messages', conversationId] as const,
  notices: (channel: NoticeChannel) => ['chat', 'notices', channel] as const,
  sellerOffers: ['bargains', 'seller-helper'] as const,
  sellerDeliveries: ['orders', 'seller-helper'] as const,
};

/** Customer service (issue 12 C): help centre, the service session and its chat, the staff queue. */
export const customerServiceKeys = {
  all: ['customer-service'] as const,
  faq: (categoryId: number | undefined, keyword: string, id: number | undefined) =>
    ['customer-service', 'faq', categoryId ?? 0, keyword, id ?? 0] as const,
  orders: ['customer-service', 'orders'] as const,
  session: (id: number) => ['customer-service', 'session', id] as const,
  messages: (conversationId: number) => ['customer-service', 'messages', conversationId] as const,
  queue: ['customer-service', 'queue'] as const,
  ratings: ['customer-service', 'ratings'] as const,
};

/** 官方包赔 plans, an order's plan, 找回包赔 claims and 转卖 (issue 11 F). */
export const guaranteeKeys = {
  all: ['guarantee'] as const,
  plans: (price: string) => ['guarantee', 'plans', price] as const,
  orderPlan: (orderNo: string) => ['guarantee', 'order-plan', orderNo] as const,
  mine: ['guarantee', 'claims', 'mine'] as const,
  claim: (claimNo: string) => ['guarantee', 'claims', 'detail', claimNo] as const,
  staffList: (tab: string, q: string) => ['guarantee', 'claims', 'staff', tab, q] as const,
  data: ['guarantee', 'claims', 'data'] as const,
  resell: ['guarantee', 'resell'] as const,
};

export const personalKeys = {
  all: ['personal'] as const,
  profile: ['personal', 'profile'] as const,
  history: ['personal', 'history'] as const,
  areaData: ['personal', 'area-data'] as const,
  sessions: ['personal', 'sessions'] as const,
  bindings: ['personal', 'bindings'] as const,
  wxNotice: ['personal', 'wx-notice'] as const,
  privacy: ['personal', 'privacy'] as const,
  event: (id: number) => ['personal', 'event', id] as const,
  notice: (id: number) => ['personal', 'notice', id] as const,
  feedback: ['personal', 'feedback'] as const,
};

export const accountCancelKeys = {
  all: ['account-cancel'] as const,
  status: ['account-cancel', 'status'] as const,
};
