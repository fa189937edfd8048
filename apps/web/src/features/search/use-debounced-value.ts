import { useEffect, useState } from 'react';
import { DEFAULT_WAIT_MS } from '@/core/timing';

/** The value once it has stopped changing for `wait` ms (SPEC §9: 500 ms). */
export function useDebouncedValue<T>(value: T, wait = DEFAULT_WAIT_MS): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), wait);
    return () => clearTimeout(timer);
  }, [value, wait]);
  return settled;
}
