import { useEffect, useRef, useState } from 'react';

/**
 * True once the element comes within `margin` of the visible area (and from then on). Without
 * IntersectionObserver it is true at once; on the server it is false, as it is when the browser
 * hydrates the server's markup.
 */
export function useNearViewport<E extends Element>(margin = '300px') {
  const ref = useRef<E>(null);
  const [near, setNear] = useState(
    () => typeof window !== 'undefined' && typeof IntersectionObserver === 'undefined',
  );
  useEffect(() => {
    const element = ref.current;
    if (near || !element) return undefined;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: `0px 0px ${margin} 0px` },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near, margin]);
  return { ref, near };
}
