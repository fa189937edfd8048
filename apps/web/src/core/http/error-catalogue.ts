import {
  APP_UPDATE_REQUIRED_MESSAGE,
  ErrorCodes,
  LOGIN_REQUIRED_MESSAGE,
  loginRequiredCodes,
  type Dialog as ServerDialog,
  type Envelope,
} from '@haoshi/contracts';
import { isNativeApp } from '../channel';
import { showAlertDialog, showConfirmDialog, showToast } from '../feedback-ui';
import { startLoginFlow } from '../login-flow';
import { bridge } from '../native-bridge';
import { navigateTo } from '../navigation';
import { runBtnPage } from './btn-page';

export { ApiError, HandledError, isApiError, isHandledError } from './errors';

export const UPDATE_DIALOG_TITLE = '温馨提示';
export const REAL_NAME_PATH = '/idCard';
export const BIND_PHONE_PATH = '/bindPhone';

/** The verification screen, told where to come back to (the page whose call was refused). */
export function pathReturningHere(target: string): string {
  const here = window.location.pathname;
  if (here === '/' || here === target) return target;
  return `${target}?redirect=${encodeURIComponent(here + window.location.search)}`;
}

/** 'stop': the response is not passed on to the caller. */
export type CatalogueOutcome = 'pass' | 'stop';

interface Rule {
  matches: (envelope: Envelope) => boolean;
  run: (envelope: Envelope) => void;
  stops?: true;
  /** Runs for silent calls too. */
  evenSilent?: (envelope: Envelope) => boolean;
}

export interface CatalogueOptions {
  /** The call asked not to bother the user about its errors (RequestOptions.silent). */
  silent?: boolean;
}

let updateDialogOpen = false;

function showUpdateDialog(): void {
  if (updateDialogOpen) return;
  updateDialogOpen = true;
  void showConfirmDialog({
    title: UPDATE_DIALOG_TITLE,
    content: APP_UPDATE_REQUIRED_MESSAGE,
    confirmText: '知道了',
    cancelText: '取消',
  })
    .catch(() => false)
    .finally(() => {
      updateDialogOpen = false;
    });
}

async function showServerDialog(dialog: ServerDialog): Promise<void> {
  const base = { title: dialog.title, content: dialog.message };
  if (dialog.type === 1) {
    await showAlertDialog({ ...base, confirmText: dialog.center_btn ?? '知道了' });
    runBtnPage(dialog.btn_page);
    return;
  }
  const confirmed = await showConfirmDialog({
    ...base,
    confirmText: dialog.right_btn ?? '确定',
    cancelText: dialog.left_btn ?? '取消',
  });
  if (confirmed) runBtnPage(dialog.btn_page);
}

/** SPEC §8 "other, with a dialog object"; a success (err_code 0) may carry one as well. */
const serverDialogRule: Rule = {
  matches: (env) => env.dialog !== undefined,
  run: (env) => {
    // A dialog that cannot load (offline) is dropped, and its btn_page with it.
    if (env.dialog) showServerDialog(env.dialog).catch(() => undefined);
  },
  // Silent means quiet about errors; a dialog on a success is the answer itself.
  evenSilent: (env) => env.err_code === ErrorCodes.OK,
};

/** SPEC §8, first matching rule wins. */
const rules: readonly Rule[] = [
  {
    matches: (env) => loginRequiredCodes.has(env.err_code),
    run: () => {
      showToast(LOGIN_REQUIRED_MESSAGE);
      startLoginFlow();
    },
  },
  {
    matches: (env) => env.err_code === ErrorCodes.APP_UPDATE_REQUIRED,
    run: showUpdateDialog,
    stops: true,
    // No call works until the app is updated, so a silent one must not hide it either.
    evenSilent: () => true,
  },
  {
    matches: (env) =>
      env.err_code === ErrorCodes.LOCATION_REQUIRED ||
      env.sub_code === ErrorCodes.LOCATION_PERMISSION_REQUIRED,
    run: () => bridge.requestLocation(),
  },
  {
    matches: (env) => env.err_code === ErrorCodes.USER_CONTACT_REQUIRED,
    run: () => bridge.userContact(),
  },
  {
    matches: (env) => env.err_code === ErrorCodes.REAL_NAME_REQUIRED,
    run: () =>
      isNativeApp() ? bridge.realNameCertification() : navigateTo(pathReturningHere(REAL_NAME_PATH)),
  },
  {
    matches: (env) => env.err_code === ErrorCodes.PHONE_BINDING_REQUIRED,
    run: () =>
      isNativeApp() ? bridge.bindPhoneCertification() : navigateTo(pathReturningHere(BIND_PHONE_PATH)),
  },
  serverDialogRule,
];

function ruleFor(envelope: Envelope): Rule | undefined {
  // On a success only the server's dialog applies; the codes above are refusals.
  if (envelope.err_code === ErrorCodes.OK)
    return serverDialogRule.matches(envelope) ? serverDialogRule : undefined;
  return rules.find((rule) => rule.matches(envelope));
}

/** Whether the catalogue reacts to this envelope, so the caller need not tell the user again. */
export function isCatalogueHandled(envelope: Envelope): boolean {
  return ruleFor(envelope) !== undefined;
}

export function applyErrorCatalogue(
  envelope: Envelope,
  { silent = false }: CatalogueOptions = {},
): CatalogueOutcome {
  const rule = ruleFor(envelope);
  if (!rule || (silent && !rule.evenSilent?.(envelope))) return 'pass';
  rule.run(envelope);
  return rule.stops ? 'stop' : 'pass';
}
