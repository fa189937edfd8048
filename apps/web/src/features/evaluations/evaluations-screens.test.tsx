import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import {
  evaluationPaths,
  type EvaluableOrder,
  type Evaluation,
  type EvaluationMain,
  type ReceivedEvaluations,
} from '@haoshi/contracts';
import { goodsCard } from '@/core/goods-fixtures.test-support';
import { setupFakeApi } from '@/core/http/fake-api.test-support';
import { renderScreen } from '@/core/screen-harness.test-support';
import { clearAuthorization, setAuthorization } from '@/core/storage';
import EvaluateListScreen from './evaluate-list-screen';
import GoodEvaluateMakeOutScreen from './good-evaluate-make-out-screen';
import GoodsEvaluateReturnCashScreen from './goods-evaluate-return-cash-screen';
import UserEvaluateScreen from './user-evaluate-screen';

const fake = setupFakeApi();
const ORDER = 'O20261121100000123456';

const evaluation = (overrides: Partial<Evaluation> = {}): Evaluation => ({
  id: 1,
  order_no: ORDER,
  author_role: 'buyer',
  author_name: '玩***1',
  stars: 5,
  service_stars: 4,
  tags: ['accurate'],
  content: '账号和描述一致，换绑很顺利',
  goods_title: '王者荣耀 V10',
  created_at: '2026-11-22T02:00:00.000Z',
  ...overrides,
});

const evaluable = (overrides: Partial<EvaluableOrder> = {}): EvaluableOrder => ({
  order_no: ORDER,
  goods: goodsCard(7, { title: '王者荣耀 V10' }),
  role: 'buyer',
  completed_at: '2026-11-21T02:00:00.000Z',
  evaluate_by: '2026-12-06T02:00:00.000Z',
  can_evaluate: true,
  reason: '',
  mine: null,
  theirs: null,
  cashback: { amount: '2.00', min_chars: 15, status: 'none', paid_at: null },
  ...overrides,
});

const main = (order: EvaluableOrder | null, todo: EvaluableOrder[] = []): EvaluationMain => ({
  order,
  todo,
  offer: { amount: '2.00', min_chars: 15, window_days: 15 },
});

afterEach(() => {
  cleanup();
  clearAuthorization();
});

describe('/goodEvaluateMakeOut', () => {
  it('the buyer rates the seller and the service, picks seller tags and earns the cash back', async () => {
    setAuthorization('t');
    fake
      .on('GET', evaluationPaths.main, () => main(evaluable()))
      .on(evaluationPaths.submit, () => ({
        order: evaluable({ can_evaluate: false, mine: evaluation() }),
        cashback_paid: true,
      }));
    renderScreen('/goodEvaluateMakeOut', <GoodEvaluateMakeOutScreen />, {
      url: `/goodEvaluateMakeOut?order_no=${ORDER}`,
      otherPaths: ['/goodsEvaluateReturnCash'],
    });
    const submit = await screen.findByRole('button', { name: '提交评价' });
    expect(submit.hasAttribute('disabled')).toBe(true);
    expect(screen.getByText('发货迅速')).toBeTruthy();
    expect(screen.queryByText('付款爽快')).toBeNull();
    fireEvent.click(within(screen.getByRole('group', { name: '评分' })).getByRole('button', { name: '5星' }));
    fireEvent.click(
      within(screen.getByRole('group', { name: '服务评分' })).getByRole('button', { name: '4星' }),
    );
    fireEvent.click(screen.getByText('描述属实'));
    fireEvent.change(screen.getByPlaceholderText(/说说这次交易的感受/), {
      target: { value: '账号和描述一致，换绑很顺利，卖家回复也快' },
    });
    expect(screen.getByText(/写满15字即可获得 ¥2.00 评价返现（与星级无关）/)).toBeTruthy();
    fireEvent.click(submit);
    await waitFor(() => expect(fake.calls(evaluationPaths.submit)).toHaveLength(1));
    expect(fake.calls(evaluationPaths.submit)[0]?.body).toEqual({
      order_no: ORDER,
      stars: 5,
      service_stars: 4,
      tags: ['accurate'],
      content: '账号和描述一致，换绑很顺利，卖家回复也快',
    });
    expect((await screen.findByTestId('other-route')).textContent).toBe('/goodsEvaluateReturnCash');
  });

  it('explains why an order cannot be evaluated', async () => {
    setAuthorization('t');
    fake.on('GET', evaluationPaths.main, () =>
      main(evaluable({ can_evaluate: false, reason: '订单完成已超过评价期限，不能再评价' })),
    );
    renderScreen('/goodEvaluateMakeOut', <GoodEvaluateMakeOutScreen />, {
      url: `/goodEvaluateMakeOut?order_no=${ORDER}`,
    });
    expect(await screen.findByText('订单完成已超过评价期限，不能再评价')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '提交评价' })).toBeNull();
  });
});

describe('/evaluateList', () => {
  it('shows orders to evaluate, then the ones done', async () => {
    setAuthorization('t');
    fake.on(evaluationPaths.mine, ({ query }) => {
      const list =
        query.tab === 'todo' ? [evaluable()] : [evaluable({ can_evaluate: false, mine: evaluation() })];
      return { list, total: 1, page: 1, page_size: 20 };
    });
    renderScreen('/evaluateList', <EvaluateListScreen />);
    expect(await screen.findByRole('button', { name: '去评价' })).toBeTruthy();
    fireEvent.click(screen.getByText('已评价'));
    expect(await screen.findByText('我的评价')).toBeTruthy();
    expect(screen.getByText('账号和描述一致，换绑很顺利')).toBeTruthy();
  });
});

describe('/goodsEvaluateReturnCash', () => {
  it('shows the paid cash back of an order', async () => {
    setAuthorization('t');
    fake.on('GET', evaluationPaths.main, () =>
      main(
        evaluable({
          can_evaluate: false,
          mine: evaluation(),
          cashback: { amount: '2.00', min_chars: 15, status: 'paid', paid_at: '2026-11-22T02:00:00.000Z' },
        }),
      ),
    );
    renderScreen('/goodsEvaluateReturnCash', <GoodsEvaluateReturnCashScreen />, {
      url: `/goodsEvaluateReturnCash?order_no=${ORDER}`,
    });
    expect(await screen.findByText('¥2.00 已返现到钱包')).toBeTruthy();
    expect(screen.getByText('返现与评分高低无关，请如实评价。')).toBeTruthy();
  });
});

describe('/userEvaluate', () => {
  it('shows what a user received, with the rating', async () => {
    // As anyone but the parties reads it: without the order numbers.
    const received: ReceivedEvaluations = {
      list: [evaluation({ order_no: null }), evaluation({ id: 2, stars: 3, content: '', order_no: null })],
      total: 2,
      page: 1,
      page_size: 20,
      user: { id: 9, nickname: '星耀卖家1', avatar: '' },
      rating: '4.00',
      stars: [0, 0, 1, 0, 1],
    };
    fake.on(evaluationPaths.received, () => received);
    renderScreen('/userEvaluate', <UserEvaluateScreen />, { url: '/userEvaluate?user_id=9' });
    expect(await screen.findByText('星耀卖家1')).toBeTruthy();
    expect(screen.getByLabelText('综合评分').textContent).toBe('4.00');
    expect(screen.getAllByTestId('evaluation-card')).toHaveLength(2);
    expect(screen.getByText('该用户未填写文字评价')).toBeTruthy();
    expect(fake.calls(evaluationPaths.received)[0]?.query.user_id).toBe(9);
  });
});
