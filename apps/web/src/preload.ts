// The page's second, small entry (vite.config.ts adds it to index.html before the client's).
import { preloadRoute } from '@/app/route-preload';

preloadRoute(window.location.pathname);
