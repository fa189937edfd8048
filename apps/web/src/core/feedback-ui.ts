// Toasts and dialogs (antd-mobile's imperative Toast.show, Dialog.alert, Dialog.confirm) for the
// whole app: call these, not Toast or Dialog directly. Toast and Dialog bring an animation library
// (@react-spring) and React 19 render glue (antd-react19.ts) the first screen does not need, so
// they load on first use and are reused afterwards.
import type { DialogAlertProps, DialogConfirmProps, ToastShowProps } from 'antd-mobile';
import type * as FeedbackUiModule from './feedback-ui-antd';

type FeedbackUi = typeof FeedbackUiModule;

/** SPEC §4: 9.06667rem is 340px on the 375px design width (DESIGN §6); every dialog has it. */
export const CONFIRM_DIALOG_WIDTH = '9.06667rem';

export const confirmDialogWidthStyle = {
  '--min-width': CONFIRM_DIALOG_WIDTH,
  '--max-width': CONFIRM_DIALOG_WIDTH,
};

let loaded: FeedbackUi | undefined;
let loading: Promise<FeedbackUi> | undefined;

/**
 * Loads Toast and Dialog once. A failed load (offline, a replaced deployment) is forgotten so the
 * next call tries again.
 */
export function loadFeedbackUi(): Promise<FeedbackUi> {
  if (loaded) return Promise.resolve(loaded);
  loading ??= import('./feedback-ui-antd').then(
    (module) => {
      loaded = module;
      return module;
    },
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/** Runs now when Toast and Dialog are loaded (so calls keep their order), otherwise once they are. */
function withFeedbackUi<T>(run: (ui: FeedbackUi) => T | Promise<T>): Promise<T> {
  const ui = loaded;
  if (ui) return new Promise<T>((resolve) => resolve(run(ui)));
  return loadFeedbackUi().then(run);
}

/** Toast.show(content); a toast that cannot load is dropped. */
export function showToast(content: string | ToastShowProps): void {
  withFeedbackUi(({ Toast }) => {
    Toast.show(content);
  }).catch(() => undefined);
}

/** Dialog.confirm at the dialog width: true on confirm, false on cancel; rejects when the dialog cannot load. */
export function showConfirmDialog(props: DialogConfirmProps): Promise<boolean> {
  const style = { ...confirmDialogWidthStyle, ...props.style };
  return withFeedbackUi(({ Dialog }) => Dialog.confirm({ ...props, style }));
}

/** Dialog.alert at the dialog width: resolves once closed; rejects when the dialog cannot load. */
export function showAlertDialog(props: DialogAlertProps): Promise<void> {
  const style = { ...confirmDialogWidthStyle, ...props.style };
  return withFeedbackUi(({ Dialog }) => Dialog.alert({ ...props, style }));
}
