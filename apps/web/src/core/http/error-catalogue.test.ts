import {
  apiPaths,
  messageFor,
  walletPaths,
  type Envelope,
  type ErrorCode,
  type WalletSummary,
} from '@haoshi/contracts';
import { Dialog, Toast } from 'antd-mobile';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AccessChannel } from '../channel';
import { nativeMethods } from '../native-bridge';
import { setNavigator } from '../navigation';
import { getAuthorization, writeHeaderSign, writeSoftwareType } from '../storage';
import { http } from './client';
import { isCatalogueHandled } from './error-catalogue';
import { confirmDialogWidthStyle, loadFeedbackUi } from '../feedback-ui';
import { reply, setupFakeApi } from './fake-api.test-support';

type HostWindow = Window & { HaoshiAndroid?: Record<string, unknown> };
const host = window as HostWindow;
const navigate = vi.fn();
const nativeCalls: string[] = [];
const fake = setupFakeApi();
let unregister: () => void;

function inAndroidApp(): void {
  writeSoftwareType(AccessChannel.ANDROID);
  host.HaoshiAndroid = Object.fromEntries(
    nativeMethods.map((method) => [method, (json: string) => nativeCalls.push(`${method} ${json}`)]),
  );
}

/** Answers the calls below with this envelope: the listed wallet call, the others not listed yet. */
function respond(envelope: Envelope): void {
  const { err_code: code, message, ...extra } = envelope;
  const refusal = () => reply.error(code as ErrorCode, message, extra);
  fake.on(walletPaths.wallet, () => (code === 0 ? (extra.data as WalletSummary) : refusal()));
  fake.on(apiPaths.homeIndex, refusal);
  for (const [method, path] of unlisted) fake.onUnlisted(method, path, refusal);
}

/** Answers /app/x with exactly this envelope, as a server or a proxy in front of it could. */
function respondRaw(envelope: Record<string, unknown>): void {
  for (const method of ['GET', 'POST'] as const)
    fake.onUnlisted(method, '/app/x', () => reply.raw(200, envelope));
}

const wallet: WalletSummary = {
  available: '1.00',
  frozen: '0.00',
  deposit: '0.00',
  total: '1.00',
  month: '2026-11',
  month_income: '0.00',
  month_expense: '0.00',
  entries: [],
};

/** The envelope as the server sends it: a refusal always carries its message. */
const sent = (envelope: Envelope): Envelope =>
  envelope.err_code === 0
    ? envelope
    : { ...envelope, message: envelope.message ?? messageFor(envelope.err_code) };

const unlisted = [
  ['GET', '/app/x'],
  ['POST', '/app/x'],
  ['POST', '/app/report/submit'],
  ['POST', '/app/promotion/config'],
] as const;

beforeEach(async () => {
  // Toast and Dialog load on first use; loaded up front, calls are synchronous as before, so a
  // 'not shown' assertion cannot pass merely because the feedback UI was still loading.
  await loadFeedbackUi();
  unregister = setNavigator(navigate);
  writeHeaderSign({ Authorization: 'tok', Os: '4' });
  window.history.replaceState(null, '', '/wallet');
  vi.spyOn(Toast, 'show').mockReturnValue({ close: vi.fn() });
  vi.spyOn(Dialog, 'confirm').mockResolvedValue(false);
  vi.spyOn(Dialog, 'alert').mockResolvedValue(undefined);
});

afterEach(() => {
  unregister();
  navigate.mockReset();
  nativeCalls.length = 0;
  delete host.HaoshiAndroid;
  vi.restoreAllMocks();
  window.history.replaceState(null, '', '/');
});

interface Row {
  name: string;
  envelope: Envelope;
  native: boolean;
  toast?: string;
  navigateTo?: string;
  nativeCall?: string;
  loggedOut?: boolean;
}

const rows: Row[] = [
  {
    name: '400 on H5',
    envelope: { err_code: 400 },
    native: false,
    toast: '请先登录',
    navigateTo: '/h5Login?redirect=%2Fwallet',
    loggedOut: true,
  },
  {
    name: '401 on H5',
    envelope: { err_code: 401 },
    native: false,
    toast: '请先登录',
    navigateTo: '/h5Login?redirect=%2Fwallet',
    loggedOut: true,
  },
  {
    name: '402 on H5',
    envelope: { err_code: 402 },
    native: false,
    toast: '请先登录',
    navigateTo: '/h5Login?redirect=%2Fwallet',
    loggedOut: true,
  },
  {
    name: '401 in the app',
    envelope: { err_code: 401 },
    native: true,
    toast: '请先登录',
    nativeCall: 'login {}',
  },
  { name: '6503 in the app', envelope: { err_code: 6503 }, native: true, nativeCall: 'requestLocation {}' },
  {
    name: 'sub_code 6501 in the app',
    envelope: { err_code: 1011, sub_code: 6501 },
    native: true,
    nativeCall: 'requestLocation {}',
  },
  { name: '6503 on H5', envelope: { err_code: 6503 }, native: false, navigateTo: '/download' },
  { name: '6502 in the app', envelope: { err_code: 6502 }, native: true, nativeCall: 'userContact {}' },
  {
    name: '4301 in the app',
    envelope: { err_code: 4301 },
    native: true,
    nativeCall: 'realNameCertification {}',
  },
  {
    name: '4301 on H5',
    envelope: { err_code: 4301 },
    native: false,
    navigateTo: '/idCard?redirect=%2Fwallet',
  },
  {
    name: '4302 in the app',
    envelope: { err_code: 4302 },
    native: true,
    nativeCall: 'bindPhoneCertification {}',
  },
  {
    name: '4302 on H5',
    envelope: { err_code: 4302 },
    native: false,
    navigateTo: '/bindPhone?redirect=%2Fwallet',
  },
  {
    name: 'an unlisted code without dialog',
    envelope: { err_code: 1010, message: '内容不存在或已删除' },
    native: false,
  },
  { name: 'success', envelope: { err_code: 0, data: wallet }, native: true },
];

describe('error catalogue (SPEC §8), passed-on codes', () => {
  it.each(rows)('$name', async ({ envelope, native, toast, navigateTo, nativeCall, loggedOut }) => {
    if (native) inAndroidApp();
    respond(envelope);
    await expect(http.get(walletPaths.wallet)).resolves.toEqual(sent(envelope));

    if (toast) expect(Toast.show).toHaveBeenCalledWith(toast);
    else expect(Toast.show).not.toHaveBeenCalled();
    if (navigateTo) expect(navigate).toHaveBeenCalledWith(navigateTo, undefined);
    else expect(navigate).not.toHaveBeenCalled();
    expect(nativeCalls).toEqual(nativeCall ? [nativeCall] : []);
    expect(getAuthorization()).toBe(loggedOut ? '' : 'tok');
    expect(Dialog.confirm).not.toHaveBeenCalled();
    expect(Dialog.alert).not.toHaveBeenCalled();
    expect(isCatalogueHandled(envelope)).toBe(Boolean(toast ?? navigateTo ?? nativeCall));
  });
});

describe('6500: update required', () => {
  it('shows the update dialog and does not pass the response on', async () => {
    respond({ err_code: 6500, data: { secret: 1 } });
    await expect(http.get(apiPaths.homeIndex)).rejects.toMatchObject({
      name: 'HandledError',
      kind: 'app-update',
    });
    expect(Dialog.confirm).toHaveBeenCalledWith({
      title: '温馨提示',
      content: '当前版本过低，请到“我的”页面点击右上角设置，检查更新后再试',
      confirmText: '知道了',
      cancelText: '取消',
      style: { '--min-width': '9.06667rem', '--max-width': '9.06667rem' },
    });
    expect(Toast.show).not.toHaveBeenCalled();
  });

  it('shows for a silent call too, which does not get the response either', async () => {
    respondRaw({ err_code: 6500, data: { secret: 1 } });
    await expect(http.get('/app/x', { id: 1 }, { silent: true })).rejects.toMatchObject({
      name: 'HandledError',
      kind: 'app-update',
    });
    expect(Dialog.confirm).toHaveBeenCalledWith(expect.objectContaining({ title: '温馨提示' }));
  });

  it('shows one dialog for simultaneous responses', async () => {
    let close: (value: boolean) => void = () => undefined;
    vi.mocked(Dialog.confirm).mockReturnValue(new Promise((resolve) => (close = resolve)));
    respond({ err_code: 6500 });
    await Promise.allSettled([http.get('/app/x'), http.get(walletPaths.wallet)]);
    expect(Dialog.confirm).toHaveBeenCalledTimes(1);
    close(true);
    await vi.waitFor(async () => {
      await http.get('/app/x').catch(() => undefined);
      expect(Dialog.confirm).toHaveBeenCalledTimes(2);
    });
  });
});

describe('other codes with a dialog object', () => {
  it('type 1 is an alert; confirming runs btn_page', async () => {
    respond({
      err_code: 1011,
      dialog: {
        type: 1,
        title: '提示',
        message: '请先缴纳保证金',
        center_btn: '去缴纳',
        btn_page: '/cashPledgeRecord',
      },
    });
    await expect(http.post('/app/report/submit', {})).resolves.toMatchObject({ err_code: 1011 });
    expect(Dialog.alert).toHaveBeenCalledWith({
      title: '提示',
      content: '请先缴纳保证金',
      confirmText: '去缴纳',
      style: confirmDialogWidthStyle,
    });
    await vi.waitFor(() => expect(navigate).toHaveBeenCalledWith('/cashPledgeRecord', undefined));
  });

  it('type 2 is a confirm with the server’s buttons; confirming runs btn_page', async () => {
    vi.mocked(Dialog.confirm).mockResolvedValue(true);
    inAndroidApp();
    respond({
      err_code: 1012,
      dialog: {
        type: 2,
        title: '余额不足',
        message: '是否去充值？',
        left_btn: '算了',
        right_btn: '去充值',
        btn_page: 'wallet',
      },
    });
    await http.post('/app/promotion/config', {});
    expect(Dialog.confirm).toHaveBeenCalledWith({
      title: '余额不足',
      content: '是否去充值？',
      confirmText: '去充值',
      cancelText: '算了',
      style: confirmDialogWidthStyle,
    });
    await vi.waitFor(() =>
      expect(nativeCalls).toEqual(['commonPageNavigation {"name":"wallet","params":{}}']),
    );
  });

  it('type 2 cancelled runs nothing', async () => {
    respond({ err_code: 1012, dialog: { type: 2, message: '确定？', btn_page: '/wallet' } });
    await http.post('/app/x', {});
    await Promise.resolve();
    expect(Dialog.confirm).toHaveBeenCalledWith(
      expect.objectContaining({ confirmText: '确定', cancelText: '取消' }),
    );
    expect(navigate).not.toHaveBeenCalled();
  });

  it('the listed codes take precedence over a dialog', async () => {
    respond({ err_code: 4301, dialog: { type: 1, message: 'x' } });
    await http.get('/app/x');
    expect(navigate).toHaveBeenCalledWith('/idCard?redirect=%2Fwallet', undefined);
    expect(Dialog.alert).not.toHaveBeenCalled();
  });

  it('4301 on the verification screen itself or on the home page sends no redirect', async () => {
    respond({ err_code: 4301 });
    window.history.replaceState(null, '', '/idCard');
    await http.get('/app/x');
    expect(navigate).toHaveBeenLastCalledWith('/idCard', undefined);
    window.history.replaceState(null, '', '/');
    await http.get('/app/x');
    expect(navigate).toHaveBeenLastCalledWith('/idCard', undefined);
  });
});

describe('a dialog on a success (err_code 0)', () => {
  const dialog = {
    type: 1 as const,
    title: '领取成功',
    message: '优惠券已放入你的账户',
    btn_page: '/myCoupon',
  };

  it('is shown, runs btn_page, and the response is passed on', async () => {
    respondRaw({ err_code: 0, data: { id: 7 }, dialog });
    await expect(http.post('/app/x', {})).resolves.toMatchObject({
      err_code: 0,
      data: { id: 7 },
    });
    expect(Dialog.alert).toHaveBeenCalledWith({
      title: '领取成功',
      content: '优惠券已放入你的账户',
      confirmText: '知道了',
      style: confirmDialogWidthStyle,
    });
    await vi.waitFor(() => expect(navigate).toHaveBeenCalledWith('/myCoupon', undefined));
    expect(Toast.show).not.toHaveBeenCalled();
  });

  it('is shown for a silent call too: silent is quiet about errors only', async () => {
    respondRaw({ err_code: 0, data: {}, dialog });
    await http.get('/app/x', { id: 1 }, { silent: true });
    expect(Dialog.alert).toHaveBeenCalledTimes(1);
  });
});

describe('silent calls', () => {
  it.each([
    ['401', { err_code: 401 }],
    ['4301', { err_code: 4301 }],
    ['an error with a dialog', { err_code: 1011, dialog: { type: 1 as const, message: '请先缴纳保证金' } }],
  ])('show nothing for %s and pass the response on', async (_name, envelope) => {
    respondRaw(envelope);
    await expect(http.get('/app/x', undefined, { silent: true })).resolves.toEqual(envelope);
    expect(Toast.show).not.toHaveBeenCalled();
    expect(Dialog.alert).not.toHaveBeenCalled();
    expect(Dialog.confirm).not.toHaveBeenCalled();
    expect(navigate).not.toHaveBeenCalled();
    expect(getAuthorization()).toBe('tok');
  });
});
