/**
 * The export the server-render build adds to each of the app's .tsx modules (vite.config.ts): its
 * source path, so a render can name the screens it drew and the server can link their stylesheets.
 */
export const SOURCE_ID_EXPORT = '__sourceId';
