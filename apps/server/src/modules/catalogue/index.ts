/** The catalogue's public API: games, their fields and schemas, one cached service and its routes. */
export {
  createCatalogueService,
  seedCatalogue,
  type CatalogueGameEntry,
  type CatalogueLookup,
  type CatalogueService,
} from './catalogue-service.ts';
export { catalogueGames, guaranteeOptions, publishSchemaOf, type CatalogueGame } from './game-catalogue.ts';
export { gameIdsByName } from './game-queries.ts';
export { catalogueRoutes } from './routes.ts';
