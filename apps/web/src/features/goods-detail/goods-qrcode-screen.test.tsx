import { screen, waitFor } from '@testing-library/react';
import QRCode from 'qrcode';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiPaths } from '@haoshi/contracts';
import { reply, setupFakeApi } from '@/core/http/fake-api.test-support';
import GoodsQrCodeScreen from './goods-qrcode-screen';
import { renderScreen, serveGoods } from './goods-detail.test-support';

// jsdom has no canvas to draw the code on; the test checks what would be drawn.
vi.mock('qrcode', () => ({
  default: {
    toDataURL: vi.fn((content: string) => Promise.resolve(`data:text/plain,${encodeURIComponent(content)}`)),
  },
}));

const TICKET = 'ticket-0123456789abcdef';
const fake = setupFakeApi();

afterEach(() => {
  vi.clearAllMocks();
});

function serveQr(states: Array<'waiting' | 'scanned' | 'expired'>) {
  let polls = 0;
  serveGoods(fake)
    .on(apiPaths.goodsQrcode, () => ({
      ticket: TICKET,
      qr_content: `/goodsDetail?goods_id=42&qr_ticket=${TICKET}`,
      expires_at: '2026-11-21T10:05:00.000Z',
    }))
    .on(apiPaths.goodsQrcodeStatus, () => {
      const state = states[Math.min(polls, states.length - 1)] ?? 'waiting';
      polls += 1;
      return { state, scanned_at: state === 'scanned' ? '2026-11-21T10:01:00.000Z' : null };
    });
}

describe('/goodsQRCode', () => {
  it('draws the listing’s ticket link as a QR code and reports the scan', async () => {
    serveQr(['scanned']);
    renderScreen(GoodsQrCodeScreen, '/goodsQRCode?goods_id=42');

    const image = await screen.findByRole('img', { name: /李白·凤求凰.*的二维码/ });
    expect(vi.mocked(QRCode.toDataURL)).toHaveBeenCalledWith(
      `${window.location.origin}/goodsDetail?goods_id=42&qr_ticket=${TICKET}`,
      expect.anything(),
    );
    expect(image.getAttribute('src')).toContain(encodeURIComponent(`qr_ticket=${TICKET}`));
    await waitFor(() => expect(screen.getByTestId('qr-state').textContent).toBe('已在手机上打开'));
    expect(screen.getByText('长按二维码可保存图片，或截图分享给好友')).toBeTruthy();
    expect(fake.calls(apiPaths.goodsQrcodeStatus).length).toBeGreaterThan(0);
  });

  it('offers a fresh code once the old one expired', async () => {
    serveQr(['expired']);
    renderScreen(GoodsQrCodeScreen, '/goodsQRCode?goods_id=42');
    await waitFor(() => expect(screen.getByTestId('qr-state').textContent).toBe('二维码已过期'));
    expect(screen.getByRole('button', { name: '刷新二维码' })).toBeTruthy();
  });

  it('says so when the listing does not exist', async () => {
    const gone = () => reply.error(3001, '商品不存在或已下架');
    serveGoods(fake).on(apiPaths.goodsDetail, gone).on(apiPaths.goodsQrcode, gone);
    renderScreen(GoodsQrCodeScreen, '/goodsQRCode?goods_id=404');
    expect(await screen.findByTestId('goods-not-found')).toBeTruthy();
  });
});
