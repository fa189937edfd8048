import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { isNativeApp } from '@/core/channel';
import { bridge } from '@/core/native-bridge';

/** React Router keeps the entry's index in history.state; 0 means the app was opened here. */
export function hasInAppHistory(): boolean {
  const state: unknown = window.history.state;
  const idx = typeof state === 'object' && state !== null ? (state as { idx?: unknown }).idx : undefined;
  return typeof idx === 'number' && idx > 0;
}

/** Back: to the previous in-app page; else close the web view (native) or go home (web). */
export function useBack(): () => void {
  const navigate = useNavigate();
  return useCallback(() => {
    if (hasInAppHistory()) void navigate(-1);
    else if (isNativeApp()) bridge.back();
    else void navigate('/', { replace: true });
  }, [navigate]);
}
