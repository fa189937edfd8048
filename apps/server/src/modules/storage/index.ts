/** The storage module's public API: the one storage (built by the app), uploads and their routes. */
export { createStorage, type Storage } from './storage-factory.ts';
export type { StorageProvider } from './storage-provider.ts';
export { createUploadService, type StoredUpload, type UploadService } from './upload-service.ts';
export { finishedUpload, finishedUploadPurpose } from './upload-queries.ts';
export { copyByContent, copyImageUpload } from './upload-copy.ts';
export {
  forgetPersonalUploads,
  personalUploadPurposes,
  removeStoredObjects,
  REMOVE_STORED_OBJECTS_QUEUE,
} from './upload-erasure.ts';
export { storageRoutes } from './routes.ts';
export { avatarSvg, bannerSvg, ensureDemoImage, iconSvg, screenshotJpeg } from './demo-images.ts';
