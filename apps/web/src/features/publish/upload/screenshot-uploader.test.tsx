import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { UploadTicket } from '@haoshi/contracts';
import { ApiError } from '@/core/http/client';
import { FakeXhr } from '@/core/fake-xhr.test-support';
import { ScreenshotUploader } from './screenshot-uploader';
import { useScreenshotUploads, type UploadTransport } from './use-screenshot-uploads';
import { uploadWithProgress } from '@/core/xhr-upload';

const ticket = (key: string): UploadTicket => ({
  key,
  method: 'PUT',
  upload_url: `/uploads/${key}?ticket=t&expires=1&sig=s`,
  headers: { 'content-type': 'image/png' },
  url: `/uploads/${key}`,
  expires_at: '2030-01-01T00:00:00Z',
});

const png = (name: string) => new File([new Uint8Array([137, 80, 78, 71])], name, { type: 'image/png' });

function Harness({ transport, onKeys }: { transport: UploadTransport; onKeys: (keys: string[]) => void }) {
  const uploads = useScreenshotUploads(transport);
  onKeys(uploads.keys);
  return (
    <ScreenshotUploader
      items={uploads.items}
      max={3}
      onAdd={uploads.add}
      onRetry={uploads.retry}
      onRemove={uploads.remove}
    />
  );
}

beforeEach(() => {
  FakeXhr.instances = [];
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  vi.stubGlobal(
    'URL',
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:preview'), revokeObjectURL: vi.fn() }),
  );
});
afterEach(() => vi.unstubAllGlobals());

describe('uploadWithProgress (XMLHttpRequest)', () => {
  it('puts the file with the ticket headers and reports progress', async () => {
    const progress: number[] = [];
    const body = png('a.png');
    const outcome = uploadWithProgress({
      method: 'PUT',
      url: '/uploads/k.jpg?sig=1',
      headers: { 'content-type': 'image/png' },
      body,
      onProgress: (percent) => progress.push(percent),
    });
    const xhr = FakeXhr.last();
    expect([xhr.method, xhr.url, xhr.headers, xhr.body]).toEqual([
      'PUT',
      '/uploads/k.jpg?sig=1',
      { 'content-type': 'image/png' },
      body,
    ]);
    xhr.progress(25, 100);
    xhr.progress(99, 100);
    xhr.respond(200, { err_code: 0, data: { key: 'k.jpg' } });
    await expect(outcome).resolves.toEqual({ ok: true });
    expect(progress).toEqual([25, 99, 100]);
  });

  it("returns the server's refusal with its code, and network failures in Chinese", async () => {
    const refused = uploadWithProgress({
      method: 'PUT',
      url: '/u',
      headers: {},
      body: png('a'),
      onProgress: () => {},
    });
    FakeXhr.last().respond(200, { err_code: 3104, message: '仅支持 JPG、PNG、WEBP 格式的图片' });
    await expect(refused).resolves.toEqual({
      ok: false,
      code: 3104,
      message: '仅支持 JPG、PNG、WEBP 格式的图片',
    });

    const tooLarge = uploadWithProgress({
      method: 'PUT',
      url: '/u',
      headers: {},
      body: png('a'),
      onProgress: () => {},
    });
    FakeXhr.last().respond(413, { err_code: 1103 });
    await expect(tooLarge).resolves.toMatchObject({ ok: false, code: 1103 });

    const offline = uploadWithProgress({
      method: 'PUT',
      url: '/u',
      headers: {},
      body: png('a'),
      onProgress: () => {},
    });
    FakeXhr.last().fail();
    await expect(offline).resolves.toEqual({ ok: false, message: '网络异常，上传失败' });
  });
});

describe('screenshot uploader', () => {
  it('uploads each picked image with its own progress bar and keeps the keys in order', async () => {
    let keys: string[] = [];
    const tickets = vi.fn().mockResolvedValueOnce(ticket('one.jpg')).mockResolvedValueOnce(ticket('two.jpg'));
    render(
      <Harness
        transport={{ ticket: tickets, upload: uploadWithProgress }}
        onKeys={(next) => (keys = next)}
      />,
    );

    fireEvent.change(screen.getByTestId('screenshot-input'), {
      target: { files: [png('a.png'), png('b.png')] },
    });
    await waitFor(() => expect(FakeXhr.instances).toHaveLength(2));
    const [first, second] = FakeXhr.instances as [FakeXhr, FakeXhr];

    act(() => first.progress(40, 100));
    const bar = await screen.findByRole('progressbar', { name: '截图1上传进度' });
    expect(bar.getAttribute('aria-valuenow')).toBe('40');
    expect(screen.getByText('上传中 40%')).toBeTruthy();

    act(() => second.respond(200, { err_code: 0 }));
    act(() => first.respond(200, { err_code: 0 }));
    await waitFor(() => expect(screen.queryAllByRole('progressbar')).toHaveLength(0));
    expect(keys).toEqual(['one.jpg', 'two.jpg']);
    expect(screen.getAllByTestId('screenshot-tile').map((tile) => tile.dataset.status)).toEqual([
      'done',
      'done',
    ]);
  });

  it('shows a refused file without retry, retries a network failure, and removes a tile', async () => {
    let keys: string[] = [];
    const tickets = vi
      .fn()
      .mockRejectedValueOnce(new ApiError(1000, '仅支持 JPG、PNG、WEBP 格式的图片（files.0.content_type）'))
      .mockResolvedValueOnce(ticket('net.jpg'))
      .mockResolvedValueOnce(ticket('again.jpg'));
    render(
      <Harness
        transport={{ ticket: tickets, upload: uploadWithProgress }}
        onKeys={(next) => (keys = next)}
      />,
    );

    fireEvent.change(screen.getByTestId('screenshot-input'), {
      target: { files: [new File(['GIF89a'], 'x.gif', { type: 'image/gif' })] },
    });
    const refused = await screen.findByText('仅支持 JPG、PNG、WEBP 格式的图片');
    const refusedTile = refused.closest('li') as HTMLElement;
    expect(within(refusedTile).queryByRole('button', { name: '重试' })).toBeNull();

    fireEvent.change(screen.getByTestId('screenshot-input'), { target: { files: [png('b.png')] } });
    await waitFor(() => expect(FakeXhr.instances).toHaveLength(1));
    act(() => FakeXhr.last().fail());
    const failed = (await screen.findByText('网络异常，上传失败')).closest('li') as HTMLElement;

    fireEvent.click(within(failed).getByRole('button', { name: '重试' }));
    await waitFor(() => expect(FakeXhr.instances).toHaveLength(2));
    act(() => FakeXhr.last().respond(200, { err_code: 0 }));
    await waitFor(() => expect(keys).toEqual(['again.jpg']));

    fireEvent.click(within(refusedTile).getByRole('button', { name: '删除截图1' }));
    expect(screen.getAllByTestId('screenshot-tile')).toHaveLength(1);
    expect(tickets).toHaveBeenCalledTimes(3);
  });

  it('cancels an upload in flight when its tile is removed', async () => {
    render(
      <Harness
        transport={{ ticket: vi.fn().mockResolvedValue(ticket('c.jpg')), upload: uploadWithProgress }}
        onKeys={() => {}}
      />,
    );
    fireEvent.change(screen.getByTestId('screenshot-input'), { target: { files: [png('c.png')] } });
    await waitFor(() => expect(FakeXhr.instances).toHaveLength(1));
    fireEvent.click(screen.getByRole('button', { name: '删除截图1' }));
    expect(FakeXhr.last().aborted).toBe(true);
    expect(screen.queryAllByTestId('screenshot-tile')).toHaveLength(0);
  });
});
