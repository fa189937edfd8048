import { confirm } from './confirm';
import { showToast } from './feedback-ui';
import { http, unwrap } from './http/client';
import { showError } from './http/show-error';

export const ACTION_SUCCESS_TEXT = '操作成功';

export interface ActionRequest {
  /** What the user confirms; a server-provided confirm_str (SPEC §3 action result) goes here. */
  confirmText: string;
  method: 'GET' | 'POST';
  url: string;
  /** Query parameters for GET, the body for POST. */
  body?: Record<string, unknown>;
}

/**
 * SPEC §4 generic action helper: confirm, call, then say how it went. Never throws; resolves true
 * when the server accepted the action.
 */
export async function runAction({ confirmText, method, url, body }: ActionRequest): Promise<boolean> {
  try {
    if (!(await confirm({ content: confirmText }))) return false;
    const envelope = method === 'GET' ? await http.get(url, body) : await http.post(url, body);
    unwrap(envelope);
    showToast(ACTION_SUCCESS_TEXT);
    return true;
  } catch (error) {
    showError(error);
    return false;
  }
}
