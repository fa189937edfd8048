/** A drawn signature as strokes of points in CSS pixels: undo removes the last stroke. */
export interface Point {
  x: number;
  y: number;
}
export type Strokes = readonly (readonly Point[])[];

export const startStroke = (strokes: Strokes, point: Point): Strokes => [...strokes, [point]];

export const extendStroke = (strokes: Strokes, point: Point): Strokes => {
  const last = strokes.at(-1);
  return last ? [...strokes.slice(0, -1), [...last, point]] : strokes;
};

export const undoStroke = (strokes: Strokes): Strokes => strokes.slice(0, -1);

/** Enough ink to be a signature: a dot or a stray tap is not. */
export function hasInk(strokes: Strokes): boolean {
  let length = 0;
  for (const stroke of strokes)
    for (let index = 1; index < stroke.length; index += 1) {
      const from = stroke[index - 1];
      const to = stroke[index];
      if (from && to) length += Math.hypot(to.x - from.x, to.y - from.y);
    }
  return length >= 20;
}

/** Paints the strokes on a white ground (the stored image is re-encoded as JPEG, without alpha). */
export function paint(context: CanvasRenderingContext2D, strokes: Strokes, width: number, height: number) {
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, width, height);
  context.strokeStyle = '#111111';
  context.lineWidth = 3;
  context.lineCap = 'round';
  context.lineJoin = 'round';
  for (const stroke of strokes) {
    const [first, ...rest] = stroke;
    if (!first) continue;
    context.beginPath();
    context.moveTo(first.x, first.y);
    for (const point of rest) context.lineTo(point.x, point.y);
    if (rest.length === 0) context.lineTo(first.x + 0.1, first.y);
    context.stroke();
  }
}
