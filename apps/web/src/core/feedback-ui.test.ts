import { Dialog, Toast } from 'antd-mobile';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as FeedbackUiModule from './feedback-ui';

// Each test imports a fresh feedback-ui.ts, so Toast and Dialog start out not loaded.
async function freshFeedbackUi(): Promise<typeof FeedbackUiModule> {
  vi.resetModules();
  return import('./feedback-ui');
}

beforeEach(() => {
  vi.spyOn(Toast, 'show').mockReturnValue({ close: vi.fn() });
  vi.spyOn(Dialog, 'confirm').mockResolvedValue(true);
  vi.spyOn(Dialog, 'alert').mockResolvedValue(undefined);
});

afterEach(() => {
  vi.doUnmock('./feedback-ui-antd');
  vi.restoreAllMocks();
});

describe('feedback UI loaded on first use', () => {
  it('shows a toast asked for before loading, in order, with antd-mobile’s own Toast', async () => {
    const { showToast } = await freshFeedbackUi();
    showToast('一');
    showToast('二');
    await vi.waitFor(() => expect(vi.mocked(Toast.show).mock.calls).toEqual([['一'], ['二']]));
  });

  it('calls synchronously once loaded', async () => {
    const { loadFeedbackUi, showToast } = await freshFeedbackUi();
    await loadFeedbackUi();
    showToast('已加载');
    expect(Toast.show).toHaveBeenCalledWith('已加载');
  });

  it('loads once and reuses the module', async () => {
    const { loadFeedbackUi } = await freshFeedbackUi();
    const [first, second] = await Promise.all([loadFeedbackUi(), loadFeedbackUi()]);
    expect(second).toBe(first);
    await expect(loadFeedbackUi()).resolves.toBe(first);
    expect(first.Toast).toBe(Toast);
    expect(first.Dialog).toBe(Dialog);
  });

  it('passes dialog options through at 9.06667rem (SPEC §4) and resolves with the answer', async () => {
    const { showAlertDialog, showConfirmDialog } = await freshFeedbackUi();
    const width = { '--min-width': '9.06667rem', '--max-width': '9.06667rem' };
    vi.mocked(Dialog.confirm).mockResolvedValue(false);
    await expect(showConfirmDialog({ content: '确定？', confirmText: '好', cancelText: '不' })).resolves.toBe(
      false,
    );
    expect(Dialog.confirm).toHaveBeenCalledWith({
      content: '确定？',
      confirmText: '好',
      cancelText: '不',
      style: width,
    });
    await expect(showAlertDialog({ content: '提示', confirmText: '知道了' })).resolves.toBeUndefined();
    expect(Dialog.alert).toHaveBeenCalledWith({ content: '提示', confirmText: '知道了', style: width });
  });

  it('drops a toast and rejects a dialog that cannot load, then tries again', async () => {
    let fail = true;
    vi.doMock('./feedback-ui-antd', () => {
      if (fail) throw new Error('Failed to fetch dynamically imported module');
      return { Toast, Dialog };
    });
    const { loadFeedbackUi, showConfirmDialog, showToast } = await freshFeedbackUi();
    showToast('丢弃');
    await expect(showConfirmDialog({ content: '确定？' })).rejects.toBeInstanceOf(Error);
    expect(Toast.show).not.toHaveBeenCalled();

    fail = false;
    await expect(loadFeedbackUi()).resolves.toMatchObject({ Toast, Dialog });
    showToast('再试');
    expect(vi.mocked(Toast.show).mock.calls).toEqual([['再试']]);
  });
});

describe('the one door to imperative antd-mobile feedback', () => {
  const srcDir = dirname(dirname(fileURLToPath(import.meta.url)));
  // antd-react19.ts (React 19 render glue) is installed by feedback-ui-antd.ts only; an imperative
  // Toast/Dialog/Modal call elsewhere could run before it and fail in the browser (tests install it
  // globally, so only this check notices).
  const imperativeCall =
    /\b(?:Toast|Modal)\.(?:show|clear|config|alert|confirm)\b|\b(?:Dialog|ActionSheet|ImageViewer(?:\.Multi)?)\.(?:show|alert|confirm|clear)\b/;

  function sourceFiles(dir: string): string[] {
    return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) return sourceFiles(path);
      return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$|\.test-support\.ts$/.test(entry.name)
        ? [path]
        : [];
    });
  }

  it('no app module calls Toast, Dialog or Modal imperatively but through feedback-ui.ts', () => {
    const allowed = ['core/feedback-ui.ts', 'core/feedback-ui-antd.ts', 'core/antd-react19.ts'];
    const offenders = sourceFiles(srcDir)
      .map((file) => relative(srcDir, file).split('\\').join('/'))
      .filter((file) => !allowed.includes(file))
      .filter((file) => imperativeCall.test(readFileSync(join(srcDir, file), 'utf8')));
    expect(offenders).toEqual([]);
  });

  it('recognises such a call', () => {
    expect(imperativeCall.test("Toast.show('x')")).toBe(true);
    expect(imperativeCall.test('await Dialog.confirm({})')).toBe(true);
    expect(imperativeCall.test('showToast(x); showConfirmDialog(y); <Dialog visible />')).toBe(false);
  });
});
