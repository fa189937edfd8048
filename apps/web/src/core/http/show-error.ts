import { showToast } from '../feedback-ui';
import { isApiError } from './errors';

/**
 * Tells the user about a failed call once: a business error the catalogue did not already react
 * to shows its message; handled errors (network, dialogs, login) show nothing.
 */
export function showError(error: unknown): void {
  if (isApiError(error) && !error.handled) showToast(error.message);
}
