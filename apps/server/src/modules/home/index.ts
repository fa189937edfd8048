/** The home module's public API: the home page service and routes, and its demo content. */
export { createHomeService, type HomeService } from './home-service.ts';
export { homeRoutes } from './routes.ts';
export { seedHomeDemo } from './demo-seed.ts';
export { areaData } from './area-data.ts';
