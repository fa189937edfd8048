import type { StorageProvider } from './storage-provider.ts';

export interface S3Settings {
  endpoint: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
}

/**
 * Any S3-compatible store (MinIO, OSS, COS, S3) through path-style addressing. Tickets are presigned
 * PUTs whose signature covers the content type and the declared length, so the store itself refuses
 * another type or size; the bytes are then checked and re-encoded when a listing first uses them.
 */
export async function createS3Storage(settings: S3Settings): Promise<StorageProvider> {
  const { S3Client, PutObjectCommand, GetObjectCommand, HeadObjectCommand, DeleteObjectCommand } =
    await import('@aws-sdk/client-s3');
  const { getSignedUrl } = await import('@aws-sdk/s3-request-presigner');
  const client = new S3Client({
    endpoint: settings.endpoint,
    region: settings.region,
    forcePathStyle: true,
    credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
  });
  const base = `${settings.endpoint.replace(/\/+$/, '')}/${settings.bucket}`;
  return {
    kind: 's3',
    publicUrl: (key) => `${base}/${key}`,
    async uploadTarget({ key, contentType, bytes, expiresAt }) {
      const command = new PutObjectCommand({
        Bucket: settings.bucket,
        Key: key,
        ContentType: contentType,
        ContentLength: bytes,
      });
      const expiresIn = Math.max(1, Math.floor((expiresAt.getTime() - Date.now()) / 1000));
      const url = await getSignedUrl(client, command, {
        expiresIn,
        signableHeaders: new Set(['content-type', 'content-length']),
      });
      return { url, headers: { 'content-type': contentType } };
    },
    async put(key, body, contentType) {
      await client.send(
        new PutObjectCommand({ Bucket: settings.bucket, Key: key, Body: body, ContentType: contentType }),
      );
    },
    async get(key) {
      try {
        const object = await client.send(new GetObjectCommand({ Bucket: settings.bucket, Key: key }));
        return object.Body ? Buffer.from(await object.Body.transformToByteArray()) : undefined;
      } catch {
        return undefined;
      }
    },
    async exists(key) {
      try {
        await client.send(new HeadObjectCommand({ Bucket: settings.bucket, Key: key }));
        return true;
      } catch {
        return false;
      }
    },
    async remove(key) {
      // S3 answers a delete of a missing key with success, as the interface wants.
      await client.send(new DeleteObjectCommand({ Bucket: settings.bucket, Key: key }));
    },
  };
}
