import type { Plugin } from 'vite';
// The one file, not the package: Node loads Vite's config without compiling the package's TypeScript.
import { deviceSignKeyProblem } from '../../packages/contracts/src/device-constants.ts';

/** index.html's stand-in for the key; the API server fills it in when it serves the built app. */
const DEVICE_SIGN_KEY_PLACEHOLDER = '__DEVICE_SIGN_KEY__';

/**
 * DEVICE_SIGN_KEY, when set, must be a key the server starts with (16 or 32 bytes): the build and
 * the dev server stop with the reason rather than ship a client whose requests go unsigned. The dev
 * server also puts it into the page, as the API server does for the built app.
 */
export function deviceSignKeyPlugin(key = process.env.DEVICE_SIGN_KEY): Plugin {
  return {
    name: 'haoshi-device-sign-key',
    configResolved() {
      const problem = key ? deviceSignKeyProblem(key) : undefined;
      if (problem) throw new Error(problem);
    },
    transformIndexHtml(html, context) {
      return key && context.server ? html.replace(DEVICE_SIGN_KEY_PLACEHOLDER, key) : html;
    },
  };
}
