import { Button, Popup, Slider } from 'antd-mobile';
import { useEffect, useRef, useState, type PointerEvent } from 'react';
import { personalMessages as m } from './messages';

/** The square the user frames (CSS px) and the avatar it becomes (image px). */
export const CROP_VIEW_PX = 280;
export const AVATAR_OUTPUT_PX = 512;
const MAX_ZOOM = 4;

interface Framing {
  zoom: number;
  /** Offset of the image's centre from the frame's centre, in view px. */
  x: number;
  y: number;
}

/** The image scaled to cover the frame at zoom 1. */
const coverScale = (image: HTMLImageElement) => CROP_VIEW_PX / Math.min(image.width, image.height);

/** Keeps the frame inside the image: no empty band at any edge. */
function clamp(image: HTMLImageElement, framing: Framing): Framing {
  const scale = coverScale(image) * framing.zoom;
  const limitX = Math.max(0, (image.width * scale - CROP_VIEW_PX) / 2);
  const limitY = Math.max(0, (image.height * scale - CROP_VIEW_PX) / 2);
  return {
    zoom: framing.zoom,
    x: Math.min(limitX, Math.max(-limitX, framing.x)),
    y: Math.min(limitY, Math.max(-limitY, framing.y)),
  };
}

/** Draws the framed square of `image` on `canvas` at `size` px. */
export function drawFramed(
  canvas: HTMLCanvasElement,
  image: HTMLImageElement,
  framing: Framing,
  size: number,
) {
  const context = canvas.getContext('2d');
  if (!context) return;
  canvas.width = size;
  canvas.height = size;
  const ratio = size / CROP_VIEW_PX;
  const scale = coverScale(image) * framing.zoom * ratio;
  const width = image.width * scale;
  const height = image.height * scale;
  context.fillStyle = '#fff';
  context.fillRect(0, 0, size, size);
  context.drawImage(
    image,
    (size - width) / 2 + framing.x * ratio,
    (size - height) / 2 + framing.y * ratio,
    width,
    height,
  );
}

/**
 * Crops a picked picture to a square in the browser (canvas, no library): drag to move, slide to
 * zoom; "use" gives a 512 px JPEG for the avatar upload.
 */
export function AvatarCropper({
  file,
  onCancel,
  onCropped,
}: {
  file: File | undefined;
  onCancel: () => void;
  onCropped: (blob: Blob) => void;
}) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const [image, setImage] = useState<HTMLImageElement>();
  const [framing, setFraming] = useState<Framing>({ zoom: 1, x: 0, y: 0 });
  const drag = useRef<{ pointerX: number; pointerY: number; from: Framing }>(undefined);

  useEffect(() => {
    if (!file) return undefined;
    const url = URL.createObjectURL(file);
    const loaded = new Image();
    loaded.onload = () => {
      setImage(loaded);
      setFraming({ zoom: 1, x: 0, y: 0 });
    };
    loaded.src = url;
    return () => URL.revokeObjectURL(url);
  }, [file]);

  useEffect(() => {
    if (image && canvasRef.current) drawFramed(canvasRef.current, image, framing, CROP_VIEW_PX * 2);
  }, [image, framing]);

  const onPointerDown = (event: PointerEvent<HTMLCanvasElement>) => {
    event.currentTarget.setPointerCapture(event.pointerId);
    drag.current = { pointerX: event.clientX, pointerY: event.clientY, from: framing };
  };
  const onPointerMove = (event: PointerEvent<HTMLCanvasElement>) => {
    const start = drag.current;
    if (!start || !image) return;
    setFraming(
      clamp(image, {
        zoom: start.from.zoom,
        x: start.from.x + event.clientX - start.pointerX,
        y: start.from.y + event.clientY - start.pointerY,
      }),
    );
  };
  const onPointerUp = () => {
    drag.current = undefined;
  };

  const crop = () => {
    if (!image) return;
    const output = document.createElement('canvas');
    drawFramed(output, image, framing, AVATAR_OUTPUT_PX);
    output.toBlob((blob) => blob && onCropped(blob), 'image/jpeg', 0.9);
  };

  return (
    <Popup
      visible={file !== undefined}
      onMaskClick={onCancel}
      bodyClassName="personal-cropper"
      destroyOnClose
    >
      <h2 className="personal-cropper__title">{m.cropTitle}</h2>
      <p className="personal-cropper__hint">{m.cropHint}</p>
      <canvas
        ref={canvasRef}
        className="personal-cropper__canvas"
        data-testid="avatar-crop-canvas"
        aria-label={m.cropTitle}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={onPointerUp}
      />
      <div className="personal-cropper__zoom">
        <span>{m.zoom}</span>
        <Slider
          min={1}
          max={MAX_ZOOM}
          step={0.05}
          value={framing.zoom}
          onChange={(value) => {
            if (image && typeof value === 'number') setFraming(clamp(image, { ...framing, zoom: value }));
          }}
        />
      </div>
      <div className="personal-cropper__actions">
        <Button block onClick={onCancel}>
          {m.cancel}
        </Button>
        <Button block color="primary" disabled={!image} onClick={crop} data-testid="avatar-crop-use">
          {m.useCrop}
        </Button>
      </div>
    </Popup>
  );
}
