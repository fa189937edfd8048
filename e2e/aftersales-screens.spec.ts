import { expect, type Page } from '@playwright/test';
import { loginAsNewUser, test, visiblePane } from './helpers';

const dir = new URL('./screenshots/', import.meta.url).pathname;
const ORDER = 'O20261121100000123456';

async function shoot(page: Page, name: string): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page.screenshot({ path: `${dir}${name}.png` });
}

const goods = {
  id: 7,
  title: '王者荣耀 V10 全皮肤 146英雄 贵族10',
  price: '1888.00',
  cover: '',
  game_id: 1,
  game_name: '王者荣耀',
  platform: 'android',
  partition_name: '安卓QQ区',
  tags: [],
  highlights: [],
  seller_id: 9,
  store_name: '星耀工作室',
  views: 0,
  favourites: 0,
  guarantees: [],
  listed_at: '2026-11-20T02:00:00.000Z',
};

/** Answers one call with a canned envelope (screens whose data needs a whole trade first). */
async function answer(page: Page, path: string, data: unknown) {
  await page.route(`**${path}*`, (route) =>
    route.fulfill({ contentType: 'application/json', body: JSON.stringify({ err_code: 0, data }) }),
  );
}

test('screenshots of the after-sales and evaluation screens', async ({ page }) => {
  // Real server, a new user: nothing to evaluate yet, the cash-back offer.
  await loginAsNewUser(page);
  await page.goto('/evaluateList');
  await expect(visiblePane(page).getByText('没有待评价的订单')).toBeVisible();
  await shoot(page, 'evaluate-list-empty');
  await page.goto('/goodsEvaluateReturnCash');
  await expect(visiblePane(page).getByTestId('cashback-offer')).toBeVisible();
  await shoot(page, 'return-cash-offer');
  await page.goto(`/orderRefund?order_no=${ORDER}`);
  await expect(visiblePane(page).getByText('售后信息加载失败')).toBeVisible();
  await shoot(page, 'order-refund-unknown-order');

  // Screens over a trade: canned answers of the contracts' shapes.
  await answer(page, '/app/favourable_comment/main', {
    order: {
      order_no: ORDER,
      goods,
      role: 'buyer',
      completed_at: '2026-11-21T02:00:00.000Z',
      evaluate_by: '2026-12-06T02:00:00.000Z',
      can_evaluate: true,
      reason: '',
      mine: null,
      theirs: null,
      cashback: { amount: '2.00', min_chars: 15, status: 'none', paid_at: null },
    },
    todo: [],
    offer: { amount: '2.00', min_chars: 15, window_days: 15 },
  });
  await page.goto(`/goodEvaluateMakeOut?order_no=${ORDER}`);
  await expect(visiblePane(page).getByRole('button', { name: '提交评价' })).toBeVisible();
  await visiblePane(page).getByRole('button', { name: '5星' }).first().click();
  await visiblePane(page).getByText('描述属实').click();
  await shoot(page, 'good-evaluate-make-out');

  await answer(page, '/app/order/refund/detail', {
    order_no: ORDER,
    order_state: 'disputed',
    order_state_label: '售后处理中',
    goods,
    payable: '1888.00',
    escrow: '1888.00',
    viewer_role: 'customer_service',
    state: 'open',
    opened_by: 'buyer',
    reason: 'cannot_login',
    reason_label: '账号无法登录',
    description: '登录提示密码错误，卖家说已改回但仍无法登录。',
    images: [],
    created_at: '2026-11-21T02:00:00.000Z',
    messages: [
      {
        id: 1,
        author_role: 'seller',
        content: '密码已经重置，请再试一次',
        images: [],
        created_at: '2026-11-21T03:00:00.000Z',
        mine: false,
      },
    ],
    settlement: null,
    timeline: [],
  });
  await page.goto(`/orderRefund?order_no=${ORDER}`);
  await expect(visiblePane(page).getByTestId('resolve-panel')).toBeVisible();
  await visiblePane(page).getByText('按比例分账').click();
  await shoot(page, 'order-refund-staff');

  await answer(page, '/app/evaluation/received', {
    list: [
      {
        id: 1,
        order_no: null,
        author_role: 'buyer',
        author_name: '玩***1',
        stars: 5,
        service_stars: 5,
        tags: ['accurate', 'rebind_help'],
        content: '账号和描述完全一致，换绑很配合，推荐',
        goods_title: goods.title,
        created_at: '2026-11-22T02:00:00.000Z',
      },
    ],
    total: 1,
    page: 1,
    page_size: 20,
    user: { id: 9, nickname: '星耀工作室', avatar: '' },
    rating: '5.00',
    stars: [0, 0, 0, 0, 1],
  });
  await page.goto('/userEvaluate?user_id=9');
  await expect(visiblePane(page).getByTestId('evaluation-card')).toBeVisible();
  await shoot(page, 'user-evaluate');
});

test('the staff queue (a seeded customer-service account)', async ({ page }) => {
  await loginAsNewUser(page, '13800000003');
  await page.goto('/afterSalesSearchList');
  await expect(visiblePane(page).getByText('暂无待处理的售后')).toBeVisible();
  await shoot(page, 'after-sales-search-list');
});
