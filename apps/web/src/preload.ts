// The page's second, small entry (vite.config.ts adds it to index.html before the client's). It
// starts the chunks of the screen the page opened at; on a page the server painted, it first starts
// the client itself, after that page is on screen, keeping a tap made before it starts.
import { afterNextPaint, hasHeldBackScripts, startHeldBackScripts } from '@/app/after-paint-start';
import { keepEarlyTaps } from '@/app/early-taps';

const preload = () =>
  import('@/app/route-preload').then(
    ({ preloadRoute }) => preloadRoute(window.location.pathname),
    () => undefined,
  );

if (hasHeldBackScripts()) {
  keepEarlyTaps();
  afterNextPaint(() => {
    startHeldBackScripts();
    void preload();
  });
} else {
  void preload();
}
