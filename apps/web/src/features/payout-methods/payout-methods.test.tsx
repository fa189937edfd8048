import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { Dialog, Toast } from 'antd-mobile';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { payoutMethodPaths, type PayoutMethodItem, type PayoutMethodList } from '@haoshi/contracts';
import { reply, setupFakeApi } from '@/core/http/fake-api.test-support';
import AddPaymentTypeScreen from './add-payment-type-screen';
import { checkPayoutForm } from './check-payout-form';
import PaymentTypeScreen from './payment-type-screen';
import { QrUploader } from './qr-uploader';
import { renderRouter } from '@/core/screen-harness.test-support';

const fake = setupFakeApi();

const alipay: PayoutMethodItem = {
  id: 7,
  type: 'alipay',
  account_masked: '138****5678',
  holder_name_masked: '*小明',
  bank_name: null,
  qr_image_url: null,
  in_use: false,
  created_at: '2026-11-21T02:00:00.000Z',
};
const bank: PayoutMethodItem = {
  ...alipay,
  id: 8,
  type: 'bank',
  account_masked: '6222 **** **** 0128',
  bank_name: '中国工商银行',
  in_use: true,
};
const listOf = (list: PayoutMethodItem[], verified = true): PayoutMethodList => ({
  list,
  max: 10,
  real_name_verified: verified,
});

function renderAt(path: string, element: React.ReactNode, initial = path) {
  const router = createMemoryRouter(
    [
      { path, element },
      { path: '/paymentType', element: <p>收款方式列表</p> },
      { path: '/addPayMentType', element: <p>添加页</p> },
      { path: '/idCard', element: <p>实名认证页</p> },
    ],
    { initialEntries: [initial] },
  );
  renderRouter(router);
  return router;
}

beforeAll(() => Toast.config({ duration: 0 }));
afterEach(() => vi.clearAllMocks());

describe('checkPayoutForm', () => {
  const base = { holderName: '王小明', account: '', bankName: '', qrImage: undefined };
  it('checks a bank card with Luhn and strips spaces', () => {
    expect(
      checkPayoutForm({ ...base, type: 'bank', account: '6222 0212 3456 7890 127', bankName: '工行' }),
    ).toEqual({
      ok: false,
      errors: { account: '银行卡号有误，请核对后重新输入' },
    });
    expect(
      checkPayoutForm({ ...base, type: 'bank', account: '6222 0212 3456 7890 128', bankName: '工行' }),
    ).toEqual({
      ok: true,
      request: { type: 'bank', account: '6222021234567890128', bank_name: '工行', holder_name: '王小明' },
    });
  });
  it('wants an Alipay phone or email, and a WeChat id or receive code', () => {
    expect(checkPayoutForm({ ...base, type: 'alipay', account: 'abc' }).ok).toBe(false);
    expect(checkPayoutForm({ ...base, type: 'alipay', account: 'a@b.cn' }).ok).toBe(true);
    expect(checkPayoutForm({ ...base, type: 'wechat' })).toEqual({
      ok: false,
      errors: { account: '请填写微信号或上传微信收款码' },
    });
    expect(checkPayoutForm({ ...base, type: 'wechat', qrImage: 'payout-qr/202611/a.jpg' })).toEqual({
      ok: true,
      request: { type: 'wechat', holder_name: '王小明', qr_image: 'payout-qr/202611/a.jpg' },
    });
    expect(checkPayoutForm({ ...base, holderName: ' ', type: 'alipay', account: 'a@b.cn' })).toMatchObject({
      ok: false,
      errors: { holder_name: '请输入收款人姓名' },
    });
  });
});

describe('/paymentType', () => {
  it('lists methods masked, marks the one in use and deletes after confirming', async () => {
    fake.on(payoutMethodPaths.list, () => listOf([alipay, bank])).on(payoutMethodPaths.remove, () => null);
    const confirm = vi.spyOn(Dialog, 'confirm').mockResolvedValue(true);
    renderAt('/paymentType', <PaymentTypeScreen />, '/paymentType');
    expect(await screen.findByText('138****5678')).toBeTruthy();
    expect(screen.getByText('6222 **** **** 0128')).toBeTruthy();
    expect(screen.getByText('已添加 2/10 个')).toBeTruthy();
    expect(screen.getAllByText('提现处理中')).toHaveLength(1);

    fireEvent.click(screen.getByRole('button', { name: '删除 6222 **** **** 0128' }));
    expect(confirm).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: '删除 138****5678' }));
    await waitFor(() =>
      expect(fake.calls(payoutMethodPaths.remove).map((request) => request.body)).toEqual([{ id: 7 }]),
    );
    // The list is asked again after the delete; let it land before the test ends.
    await waitFor(() => expect(fake.calls(payoutMethodPaths.list)).toHaveLength(2));
  });

  it('says what to do when there is none', async () => {
    fake.on(payoutMethodPaths.list, () => listOf([]));
    renderAt('/paymentType', <PaymentTypeScreen />, '/paymentType');
    expect(await screen.findByTestId('payout-empty')).toBeTruthy();
    expect(screen.getByRole('button', { name: '添加收款方式' })).toBeTruthy();
  });
});

describe('/addPayMentType', () => {
  it('points an unverified user to real-name verification and sends a valid Alipay method', async () => {
    fake.on(payoutMethodPaths.list, () => listOf([], false)).on(payoutMethodPaths.add, () => alipay);
    const router = renderAt('/addPayMentType', <AddPaymentTypeScreen />, '/addPayMentType');
    expect(await screen.findByRole('link', { name: '去认证' })).toBeTruthy();
    fireEvent.change(screen.getByLabelText('收款人'), { target: { value: '王小明' } });
    fireEvent.change(screen.getByLabelText('支付宝账号'), { target: { value: '13812345678' } });
    fireEvent.click(screen.getByTestId('payout-add-submit'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/paymentType'));
    expect(fake.calls(payoutMethodPaths.add).map((request) => request.body)).toEqual([
      { type: 'alipay', account: '13812345678', holder_name: '王小明' },
    ]);
  });

  it('shows a holder mismatch under the holder field', async () => {
    fake
      .on(payoutMethodPaths.list, () => listOf([]))
      .on(payoutMethodPaths.add, () => reply.error(4403, '持卡人姓名须与实名认证姓名一致'));
    renderAt('/addPayMentType', <AddPaymentTypeScreen />, '/addPayMentType?type=bank');
    fireEvent.change(await screen.findByLabelText('收款人'), { target: { value: '李雷' } });
    fireEvent.change(screen.getByLabelText('银行卡号'), { target: { value: '6222021234567890128' } });
    expect(screen.getByLabelText<HTMLInputElement>('银行卡号').value).toBe('6222 0212 3456 7890 128');
    fireEvent.change(screen.getByLabelText('开户银行'), { target: { value: '中国工商银行' } });
    fireEvent.click(screen.getByTestId('payout-add-submit'));
    expect((await screen.findByRole('alert')).textContent).toBe('持卡人姓名须与实名认证姓名一致');
  });
});

describe('QrUploader', () => {
  it('shows progress, then reports the stored key', async () => {
    let progress: (percent: number) => void = () => undefined;
    let finish: (value: { ok: true; key: string; url: string }) => void = () => undefined;
    const upload = vi.fn(
      (_file: File, onProgress: (percent: number) => void) =>
        new Promise<{ ok: true; key: string; url: string }>((resolve) => {
          progress = onProgress;
          finish = resolve;
        }),
    );
    const onUploaded = vi.fn();
    URL.createObjectURL = vi.fn(() => 'blob:qr');
    render(<QrUploader onUploaded={onUploaded} upload={upload} />);
    const file = new File([new Uint8Array(10)], 'qr.png', { type: 'image/png' });
    fireEvent.change(screen.getByTestId('qr-file-input'), { target: { files: [file] } });
    act(() => progress(42));
    expect(await screen.findByText('上传中 42%')).toBeTruthy();
    await act(async () => finish({ ok: true, key: 'payout-qr/202611/a.jpg', url: '/uploads/a.jpg' }));
    expect(await screen.findByText('已上传')).toBeTruthy();
    expect(onUploaded).toHaveBeenLastCalledWith('payout-qr/202611/a.jpg');
  });

  it('refuses a file that is not an image without uploading', async () => {
    const upload = vi.fn();
    render(<QrUploader onUploaded={vi.fn()} upload={upload} />);
    const file = new File(['x'], 'qr.gif', { type: 'image/gif' });
    fireEvent.change(screen.getByTestId('qr-file-input'), { target: { files: [file] } });
    expect((await screen.findByRole('alert')).textContent).toContain('JPG');
    expect(upload).not.toHaveBeenCalled();
  });
});
