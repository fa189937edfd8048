import '@/core/antd-react19';
import { afterEach } from 'vitest';
import { cleanup } from '@testing-library/react';

afterEach(async () => {
  cleanup();
  window.sessionStorage.clear();
  window.localStorage.clear();
  // Unmounting schedules React's passive-effect flush on the next macrotask; let it run while the DOM
  // still exists, or the last test of a file can leave it to fire after the environment is torn down.
  await new Promise<void>((resolve) => setImmediate(resolve));
});
