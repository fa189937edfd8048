import { paint, type Strokes } from './strokes';

/** The strokes as a PNG on a white ground, at twice the CSS size for a sharp stored image. */
export function signatureImage(strokes: Strokes, width: number, height: number): Promise<Blob> {
  const canvas = document.createElement('canvas');
  canvas.width = width * 2;
  canvas.height = height * 2;
  const context = canvas.getContext('2d');
  if (!context) return Promise.reject(new Error('canvas unavailable'));
  context.scale(2, 2);
  paint(context, strokes, width, height);
  return new Promise((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('canvas export failed'))), 'image/png'),
  );
}
