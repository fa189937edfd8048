import { fireEvent, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { Toast } from 'antd-mobile';
import { beforeAll, describe, expect, it } from 'vitest';
import { realNamePaths, type RealNameSnapshot } from '@haoshi/contracts';
import { reply, setupFakeApi } from '@/core/http/fake-api.test-support';
import BindPhoneScreen from './bind-phone-screen';
import IdCardScreen from './id-card-screen';
import { checkRealNameForm } from './real-name-form';
import { renderRouter } from '@/core/screen-harness.test-support';

const fake = setupFakeApi();

const unverified: RealNameSnapshot = {
  verified: false,
  name_masked: '',
  id_number_masked: '',
  verified_at: null,
  attempts_left: 5,
  min_age: 18,
};
const verified: RealNameSnapshot = {
  verified: true,
  name_masked: '*小明',
  id_number_masked: '110***********002X',
  verified_at: '2026-11-21T02:00:00.000Z',
  attempts_left: 4,
  min_age: 18,
};
const DEMO_ID = '11010519491231002X';

function renderAt(path: string, element: React.ReactNode, initial: string) {
  const router = createMemoryRouter(
    [
      { path, element },
      { path: '/addPayMentType', element: <p>添加收款方式页</p> },
      { path: '/minorReminder', element: <p>未成年人提醒页</p> },
    ],
    { initialEntries: [initial] },
  );
  renderRouter(router);
  return router;
}

const posts = () => fake.requests.filter((request) => request.method === 'POST');

beforeAll(() => Toast.config({ duration: 0 }));

describe('checkRealNameForm', () => {
  const now = new Date('2026-11-21T02:00:00Z');
  it('accepts a valid adult and names with a middle dot', () => {
    expect(checkRealNameForm('王小明', DEMO_ID, 18, now)).toEqual({});
    expect(checkRealNameForm('阿依古丽·买买提', DEMO_ID.toLowerCase(), 18, now)).toEqual({});
  });
  it('tells what is wrong', () => {
    expect(checkRealNameForm('W', DEMO_ID, 18, now).name).toContain('2-20个汉字');
    expect(checkRealNameForm('王小明', '110105194912310021', 18, now).id_number).toContain('校验');
    expect(checkRealNameForm('王小明', '1101051949123100', 18, now).id_number).toContain('18位');
    expect(checkRealNameForm('王小明', '110105201001010010', 18, now).minor).toContain('未满18周岁');
  });
});

describe('/idCard', () => {
  it('checks the form before sending, then shows the masked result and goes back to the refused page', async () => {
    let snapshot = unverified;
    fake
      .on(realNamePaths.snapshot, () => snapshot)
      .on(realNamePaths.submit, () => {
        snapshot = verified;
        return verified;
      });
    const router = renderAt('/idCard', <IdCardScreen />, '/idCard?redirect=%2FaddPayMentType');
    fireEvent.change(await screen.findByLabelText('真实姓名'), { target: { value: '王小明' } });
    fireEvent.change(screen.getByLabelText('身份证号'), { target: { value: '110105201001010010' } });
    fireEvent.click(screen.getByTestId('real-name-submit'));
    expect(await screen.findByRole('link', { name: '查看未成年人保护说明' })).toBeTruthy();
    expect(posts()).toEqual([]);

    fireEvent.change(screen.getByLabelText('身份证号'), { target: { value: '11010519491231002x' } });
    fireEvent.click(screen.getByTestId('real-name-submit'));
    await screen.findByTestId('real-name-verified');
    expect(posts().map((request) => [request.path, request.body])).toEqual([
      [realNamePaths.submit, { name: '王小明', id_number: DEMO_ID }],
    ]);
    expect(screen.getByText('*小明')).toBeTruthy();
    expect(screen.getByText('110***********002X')).toBeTruthy();
    expect(document.body.textContent).not.toContain(DEMO_ID);

    fireEvent.click(screen.getByRole('button', { name: '继续刚才的操作' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/addPayMentType'));
  });

  it('shows a server refusal under its field', async () => {
    fake
      .on(realNamePaths.snapshot, () => unverified)
      .on(realNamePaths.submit, () =>
        reply.error(4306, '该身份证号已认证其他账号，每个身份证号只能认证一个账号'),
      );
    renderAt('/idCard', <IdCardScreen />, '/idCard');
    fireEvent.change(await screen.findByLabelText('真实姓名'), { target: { value: '王小明' } });
    fireEvent.change(screen.getByLabelText('身份证号'), { target: { value: DEMO_ID } });
    fireEvent.click(screen.getByTestId('real-name-submit'));
    expect((await screen.findByRole('alert')).textContent).toContain('已认证其他账号');
  });

  it('disables the form when no attempt is left today', async () => {
    fake.on(realNamePaths.snapshot, () => ({ ...unverified, attempts_left: 0 }));
    renderAt('/idCard', <IdCardScreen />, '/idCard');
    expect(await screen.findByText('今日核验次数已用完，请明天再试')).toBeTruthy();
    expect(screen.getByTestId('real-name-submit').hasAttribute('disabled')).toBe(true);
  });

  it('offers a retry when the status cannot load', async () => {
    fake.on(realNamePaths.snapshot, reply.network);
    renderAt('/idCard', <IdCardScreen />, '/idCard');
    expect(await screen.findByRole('button', { name: '重新加载' })).toBeTruthy();
  });
});

describe('/bindPhone', () => {
  it('sends a code to the new phone, counts down and binds it', async () => {
    let phone = '139****0001';
    const status = () => ({ phone_bound: true, phone_masked: phone, real_name_verified: false });
    fake
      .on(realNamePaths.bindStatus, status)
      .on(realNamePaths.bindPhoneSms, () => ({ cooldown: 60, expires_in: 300 }))
      .on(realNamePaths.bindPhone, () => {
        phone = '139****0102';
        return status();
      });
    renderAt('/bindPhone', <BindPhoneScreen />, '/bindPhone');
    expect((await screen.findByTestId('bound-phone')).textContent).toBe('139****0001');
    fireEvent.change(screen.getByLabelText('新手机号'), { target: { value: '13900000102' } });
    fireEvent.click(screen.getByRole('button', { name: '获取验证码' }));
    await screen.findByRole('button', { name: '60秒后重发' });
    expect(fake.calls(realNamePaths.bindPhoneSms).map((request) => request.body)).toEqual([
      { phone: '13900000102' },
    ]);
    fireEvent.change(screen.getByLabelText('验证码'), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: '确认绑定' }));
    await waitFor(() => expect(screen.getByTestId('bound-phone').textContent).toBe('139****0102'));
    expect(fake.calls(realNamePaths.bindPhone).map((request) => request.body)).toEqual([
      { phone: '13900000102', code: '123456' },
    ]);
  });

  it('refuses a malformed phone without calling the server', async () => {
    fake.on(realNamePaths.bindStatus, () => ({
      phone_bound: true,
      phone_masked: '139****0001',
      real_name_verified: false,
    }));
    renderAt('/bindPhone', <BindPhoneScreen />, '/bindPhone');
    fireEvent.change(await screen.findByLabelText('新手机号'), { target: { value: '1390' } });
    fireEvent.click(screen.getByRole('button', { name: '获取验证码' }));
    expect(posts()).toEqual([]);
  });
});
