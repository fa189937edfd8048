import '@/core/antd-react19';
import { afterAll, afterEach } from 'vitest';
import { cleanup } from '@testing-library/react';

/** One turn of the event loop's timers (React's scheduler posts its work as macrotasks). */
const nextTimers = () => new Promise<void>((resolve) => setTimeout(resolve, 10));

afterEach(async () => {
  cleanup();
  window.sessionStorage.clear();
  window.localStorage.clear();
  // Unmounting schedules React's passive-effect flush on the next macrotask; let it run while the DOM
  // still exists, or the last test of a file can leave it to fire after the environment is torn down.
  await new Promise<void>((resolve) => setImmediate(resolve));
});

// Roots that antd-mobile renders outside the test's container (a dialog, a toast) unmount on their
// own timers once closed, after `cleanup`; on a loaded machine that work was still queued when the
// file's environment went ("window is not defined" from React's scheduler, CI of 2026-11-26 17:20).
afterAll(async () => {
  for (let turn = 0; turn < 5; turn += 1) await nextTimers();
});
