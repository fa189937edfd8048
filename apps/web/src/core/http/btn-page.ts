import { isNativeActionName, runNativeAction, type NativeAction } from '../native-bridge';
import { navigateTo } from '../navigation';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A native action is named ("wallet") or given whole as JSON ({"name":"goods_detail","params":{…}}). */
function parseNativeAction(text: string): NativeAction | undefined {
  if (isNativeActionName(text)) return { name: text };
  try {
    const value: unknown = JSON.parse(text);
    if (isRecord(value) && isNativeActionName(value.name)) {
      return { name: value.name, params: isRecord(value.params) ? value.params : {} };
    }
  } catch {
    // Not JSON: an unknown action name, ignored.
  }
  return undefined;
}

/** Runs a server dialog's btn_page: an in-app path, a web address, or a native action. */
export function runBtnPage(btnPage: string | undefined): void {
  const target = btnPage?.trim();
  if (!target) return;
  if (/^\/(?!\/)/.test(target)) {
    navigateTo(target);
  } else if (/^https?:\/\//i.test(target)) {
    window.location.assign(target);
  } else {
    const action = parseNativeAction(target);
    if (action) runNativeAction(action);
  }
}
