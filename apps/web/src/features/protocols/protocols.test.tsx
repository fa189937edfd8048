import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  transferAgreementTemplate,
  type ProtocolPage,
  type ProtocolSnapshots,
  type UploadTicket,
} from '@haoshi/contracts';
import { FakeXhr } from '@/core/fake-xhr.test-support';
import { reply, setupFakeApi } from '@/core/http/fake-api.test-support';
import { renderScreen } from '@/core/screen-harness.test-support';
import AccountTransferAgreementScreen from './account-transfer-agreement-screen';
import ProtocolSnapshotScreen from './protocol-snapshot-screen';
import RatifyAccordScreen from './ratify-accord-screen';
import { extendStroke, hasInk, startStroke, undoStroke, type Strokes } from './components/strokes';

const fake = setupFakeApi();
const orderNo = 'HS2026112100001';
const textSha = 'a'.repeat(64);

const page = (overrides: Partial<ProtocolPage['status']> = {}): ProtocolPage => ({
  order_no: orderNo,
  title: '账号交易转让协议',
  template_version: 'v1',
  text: '账号交易转让协议\n\n订单编号：HS2026112100001\n\n第二条 转让价款。本次转让价款为人民币1288.00元',
  text_sha256: textSha,
  status: {
    order_no: orderNo,
    status: 'unsigned',
    viewer: 'buyer',
    buyer_signed: false,
    seller_signed: false,
    can_sign: true,
    ...overrides,
  },
  parties: [
    {
      role: 'buyer',
      name_masked: '*三丰',
      id_number_masked: '110***********1234',
      signed: false,
      signed_at: null,
      signature_url: null,
    },
    {
      role: 'seller',
      name_masked: '*四光',
      id_number_masked: '110***********5678',
      signed: false,
      signed_at: null,
      signature_url: null,
    },
  ],
});

const ticket: UploadTicket = {
  key: 'signature/202611/abc.jpg',
  method: 'PUT',
  upload_url: '/uploads/signature/202611/abc.jpg?ticket=t&expires=1&sig=s',
  headers: { 'content-type': 'image/png' },
  url: '/uploads/signature/202611/abc.jpg',
  expires_at: '2030-01-01T00:00:00Z',
};

beforeEach(() => {
  FakeXhr.instances = [];
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  // jsdom has no 2D canvas: the pad paints on a stand-in, and the export yields a small PNG blob.
  const context = new Proxy({}, { get: () => () => undefined, set: () => true });
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(
    context as unknown as CanvasRenderingContext2D,
  );
  vi.spyOn(HTMLCanvasElement.prototype, 'toBlob').mockImplementation((callback) =>
    callback(new Blob([new Uint8Array([137, 80, 78, 71])], { type: 'image/png' })),
  );
  if (!('PointerEvent' in window)) vi.stubGlobal('PointerEvent', MouseEvent);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function draw(canvas: HTMLElement, from: [number, number], to: [number, number]) {
  fireEvent.pointerDown(canvas, { clientX: from[0], clientY: from[1], pointerId: 1 });
  fireEvent.pointerMove(canvas, {
    clientX: (from[0] + to[0]) / 2,
    clientY: (from[1] + to[1]) / 2,
    pointerId: 1,
  });
  fireEvent.pointerMove(canvas, { clientX: to[0], clientY: to[1], pointerId: 1 });
  fireEvent.pointerUp(canvas, { pointerId: 1 });
}

const ratify = () =>
  renderScreen('/ratifyAccord', <RatifyAccordScreen />, {
    url: `/ratifyAccord?order_no=${orderNo}`,
    otherPaths: ['/protocolSnapshot', '/mine', '/customerServiceChat'],
  });

describe('signature strokes', () => {
  it('undo removes the last stroke; a tap is not a signature', () => {
    let strokes: Strokes = startStroke([], { x: 0, y: 0 });
    expect(hasInk(strokes)).toBe(false);
    strokes = extendStroke(strokes, { x: 30, y: 0 });
    expect(hasInk(strokes)).toBe(true);
    strokes = startStroke(strokes, { x: 5, y: 5 });
    expect(strokes).toHaveLength(2);
    expect(undoStroke(strokes)).toEqual([
      [
        { x: 0, y: 0 },
        { x: 30, y: 0 },
      ],
    ]);
    expect(undoStroke(undoStroke(strokes))).toEqual([]);
  });
});

describe('/ratifyAccord', () => {
  it('draws, uploads the signature with progress, sends the code, signs and opens the snapshots', async () => {
    fake.on('/app/order/protocol/page', () => page());
    fake.on('/app/upload/ticket', () => ({ tickets: [ticket] }));
    fake.on('/app/order/protocol/data', () => ({
      cooldown: 60,
      expires_in: 300,
      phone_masked: '137****0001',
    }));
    fake.on('/app/order/sign', () => ({
      status: { ...page().status, status: 'partly_signed' as const, buyer_signed: true, can_sign: false },
      snapshot: { seq: 1, hash: 'b'.repeat(64), signed_at: '2026-11-21T02:00:00.000Z' },
    }));
    ratify();
    expect(await screen.findByText(/人民币1288.00元/)).toBeTruthy();
    const canvas = screen.getByRole('img', { name: '签名区域，请用手指或鼠标书写姓名' });

    fireEvent.click(screen.getByRole('button', { name: '获取验证码' }));
    expect(fake.calls('/app/upload/ticket')).toHaveLength(0);

    fireEvent.click(screen.getByText('我已完整阅读并同意《账号交易转让协议》'));
    draw(canvas, [10, 10], [120, 40]);
    fireEvent.click(screen.getByRole('button', { name: '获取验证码' }));
    await waitFor(() => expect(FakeXhr.instances).toHaveLength(1));
    const xhr = FakeXhr.last();
    expect([xhr.method, xhr.url]).toEqual(['PUT', ticket.upload_url]);
    expect(fake.calls('/app/upload/ticket')[0]?.body).toMatchObject({ purpose: 'signature' });
    act(() => xhr.progress(40, 100));
    expect(await screen.findByText('正在上传签名 40%')).toBeTruthy();
    act(() => xhr.respond(200, { err_code: 0, data: { key: ticket.key } }));

    expect(await screen.findByText(/验证码已发送至 137\*\*\*\*0001/)).toBeTruthy();
    expect(fake.calls('/app/order/protocol/data')[0]?.body).toEqual({
      order_no: orderNo,
      signature_image: ticket.key,
      text_sha256: textSha,
    });

    fireEvent.change(screen.getByLabelText('验证码'), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: '确认签署' }));
    expect((await screen.findByTestId('other-route')).textContent).toBe('/protocolSnapshot');
    expect(fake.calls('/app/order/sign')[0]?.body).toEqual({ order_no: orderNo, code: '123456' });
  });

  it('clear and undo empty the pad: nothing is uploaded without a signature', async () => {
    fake.on('/app/order/protocol/page', () => page());
    ratify();
    const canvas = await screen.findByRole('img', { name: '签名区域，请用手指或鼠标书写姓名' });
    const undo = screen.getByRole('button', { name: '撤销一笔' });
    const clear = screen.getByRole('button', { name: '清除重写' });
    expect(undo).toHaveProperty('disabled', true);
    fireEvent.click(screen.getByText('我已完整阅读并同意《账号交易转让协议》'));

    draw(canvas, [10, 10], [120, 40]);
    draw(canvas, [10, 60], [120, 90]);
    expect(clear).toHaveProperty('disabled', false);
    fireEvent.click(undo);
    expect(clear).toHaveProperty('disabled', false);
    fireEvent.click(clear);
    expect(clear).toHaveProperty('disabled', true);
    expect(undo).toHaveProperty('disabled', true);

    fireEvent.click(screen.getByRole('button', { name: '获取验证码' }));
    fireEvent.click(screen.getByRole('button', { name: '确认签署' }));
    await act(() => Promise.resolve());
    expect(fake.calls('/app/upload/ticket')).toHaveLength(0);
    expect(fake.calls('/app/order/sign')).toHaveLength(0);
    expect(FakeXhr.instances).toHaveLength(0);
  });

  it('before payment shows the terms with the identities to come, and no signing', async () => {
    const hidden = '（付款后显示）';
    const unpaid = page({ can_sign: false });
    fake.on('/app/order/protocol/page', () => ({
      ...unpaid,
      text: `${unpaid.text}\n\n甲方（转让方/卖方）：${hidden}，身份证号：${hidden}`,
      parties: unpaid.parties.map((party) => ({ ...party, name_masked: hidden, id_number_masked: hidden })),
    }));
    ratify();
    expect(await screen.findByText(/人民币1288.00元/)).toBeTruthy();
    expect(screen.getByText(`买方 ${hidden}`)).toBeTruthy();
    expect(screen.getByText(`卖方 ${hidden}`)).toBeTruthy();
    expect(screen.getByText('订单尚未进入签署协议阶段，完成验号和换绑后即可签署')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '确认签署' })).toBeNull();
    expect(screen.queryByRole('button', { name: '查看签署快照' })).toBeNull();
  });

  it('shows why a party cannot sign, and a stranger gets the not-found state', async () => {
    fake.on('/app/order/protocol/page', () =>
      page({ status: 'partly_signed', buyer_signed: true, can_sign: false }),
    );
    ratify();
    expect(await screen.findByText('您已签署该协议')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '确认签署' })).toBeNull();
    cleanup();

    fake.on('/app/order/protocol/page', () => reply.error(5801));
    ratify();
    expect(await screen.findByText('找不到这份协议')).toBeTruthy();
  });

  it('says a signing record gone missing may have been tampered with, and leads to the snapshots and customer service', async () => {
    fake.on('/app/order/protocol/page', () => page({ status: 'missing', can_sign: false }));
    ratify();
    expect(await screen.findByText('签署记录缺失，可能被篡改，请联系客服核实')).toBeTruthy();
    expect(screen.getByText(/对应的签署快照缺失，可能已被删除或篡改/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: '确认签署' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '查看签署快照' }));
    expect((await screen.findByTestId('other-route')).textContent).toBe('/protocolSnapshot');
    cleanup();

    ratify();
    fireEvent.click(await screen.findByRole('button', { name: '联系客服' }));
    expect((await screen.findByTestId('other-route')).textContent).toBe('/customerServiceChat');
  });
});

const snapshotsOf = (tampered: boolean): ProtocolSnapshots => {
  const row = (seq: 1 | 2, valid: boolean) => ({
    seq,
    signed_by: seq === 1 ? ('buyer' as const) : ('seller' as const),
    signed_at: '2026-11-21T02:00:00.000Z',
    template_version: 'v1',
    text: '账号交易转让协议\n\n订单编号：HS2026112100001',
    text_sha256: 'c'.repeat(64),
    signatures: [
      {
        role: 'buyer' as const,
        name_masked: '*三丰',
        id_number_masked: '110***********1234',
        signed_at: '2026-11-21T02:00:00.000Z',
        image_url: '/uploads/signature/a.jpg',
        image_sha256: 'd'.repeat(64),
      },
    ],
    prev_hash: seq === 1 ? '0'.repeat(64) : 'e'.repeat(64),
    hash: seq === 1 ? 'e'.repeat(64) : 'f'.repeat(64),
    platform_signature: 'sig',
    key_id: '0123456789abcdef',
    valid,
    problems: valid ? [] : (['content_changed', 'signature_invalid'] as const).slice(),
  });
  return {
    order_no: orderNo,
    valid: !tampered,
    missing: false,
    public_key: 'cHVibGljLWtleQ==',
    key_id: '0123456789abcdef',
    list: [row(1, !tampered), row(2, true)],
  };
};

describe('/protocolSnapshot', () => {
  it('shows each snapshot with its verdict: 签名有效, or 已被篡改 with the reason', async () => {
    fake.on('/app/order/protocol/snapshots', () => snapshotsOf(false));
    renderScreen('/protocolSnapshot', <ProtocolSnapshotScreen />, {
      url: `/protocolSnapshot?order_no=${orderNo}`,
    });
    expect(await screen.findByText('全部快照验签通过，内容未被改动')).toBeTruthy();
    expect(screen.getAllByTestId('snapshot-verdict').map((tag) => tag.textContent)).toEqual([
      '签名有效',
      '签名有效',
    ]);
    expect(screen.getByText('f'.repeat(64))).toBeTruthy();
    cleanup();

    fake.on('/app/order/protocol/snapshots', () => snapshotsOf(true));
    renderScreen('/protocolSnapshot', <ProtocolSnapshotScreen />, {
      url: `/protocolSnapshot?order_no=${orderNo}`,
    });
    expect(await screen.findByText('有快照验签失败，内容可能已被篡改，请联系客服')).toBeTruthy();
    expect(screen.getAllByTestId('snapshot-verdict').map((tag) => tag.textContent)).toEqual([
      '签名有效',
      '已被篡改',
    ]);
    expect(screen.getByText('快照内容与其哈希不符（内容被改动）')).toBeTruthy();
  });
});

describe('/protocolSnapshot before any signature', () => {
  it('says there is no snapshot yet and leads to the protocol', async () => {
    fake.on('/app/order/protocol/snapshots', () => ({ ...snapshotsOf(false), valid: true, list: [] }));
    renderScreen('/protocolSnapshot', <ProtocolSnapshotScreen />, {
      url: `/protocolSnapshot?order_no=${orderNo}`,
      otherPaths: ['/ratifyAccord'],
    });
    expect(await screen.findByText('还没有签署快照')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '去签署' }));
    expect((await screen.findByTestId('other-route')).textContent).toBe('/ratifyAccord');
  });
});

describe('/protocolSnapshot with every snapshot removed', () => {
  it('says the signing record is missing, possibly tampered with, and offers no signing', async () => {
    fake.on('/app/order/protocol/snapshots', () => ({
      ...snapshotsOf(false),
      valid: false,
      missing: true,
      list: [],
    }));
    renderScreen('/protocolSnapshot', <ProtocolSnapshotScreen />, {
      url: `/protocolSnapshot?order_no=${orderNo}`,
      otherPaths: ['/customerServiceChat'],
    });
    expect(await screen.findByText('签署记录缺失，可能被篡改')).toBeTruthy();
    expect(screen.queryByText('还没有签署快照')).toBeNull();
    expect(screen.queryByRole('button', { name: '去签署' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '联系客服' }));
    expect((await screen.findByTestId('other-route')).textContent).toBe('/customerServiceChat');
  });
});

describe('/accountTransferAgreement', () => {
  it('shows the template with its blanks', () => {
    renderScreen('/accountTransferAgreement', <AccountTransferAgreementScreen />);
    expect(screen.getByText(/订单编号：（订单编号）/)).toBeTruthy();
    expect(transferAgreementTemplate).toContain('（买方实名）');
  });
});
