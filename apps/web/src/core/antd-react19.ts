import { unstableSetRender } from 'antd-mobile';
import { createRoot, type Root } from 'react-dom/client';

/**
 * antd-mobile 5 renders its imperative pieces (Toast, Dialog.confirm…) with ReactDOM.render,
 * which React 19 removed; this gives it a root per container instead. Import before any use:
 * feedback-ui-antd.ts does, which is why imperative calls go through feedback-ui.ts (this glue
 * pulls in rc-util's render and a regenerator runtime the first screen does not need).
 */
const roots = new WeakMap<Element | DocumentFragment, Root>();

unstableSetRender((node, container) => {
  let root = roots.get(container);
  if (!root) {
    root = createRoot(container);
    roots.set(container, root);
  }
  root.render(node);
  return async () => {
    // Let the current render finish before tearing the root down.
    await new Promise((resolve) => setTimeout(resolve, 0));
    root.unmount();
    roots.delete(container);
  };
});
