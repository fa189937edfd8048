import { Button } from 'antd-mobile';
import { useEffect, useRef, type PointerEvent } from 'react';
import { protocolMessages as m } from '../messages';
import { extendStroke, paint, startStroke, undoStroke, type Point, type Strokes } from './strokes';

interface SignaturePadProps {
  strokes: Strokes;
  onChange: (strokes: Strokes) => void;
  disabled?: boolean;
}

const HEIGHT_REM = 4;

/** The canvas a signer writes their name on, with 撤销一笔 and 清除重写. */
export function SignaturePad({ strokes, onChange, disabled = false }: SignaturePadProps) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const drawing = useRef(false);

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    const { width, height } = canvas.getBoundingClientRect();
    const ratio = window.devicePixelRatio || 1;
    if (canvas.width !== Math.round(width * ratio)) {
      canvas.width = Math.round(width * ratio);
      canvas.height = Math.round(height * ratio);
    }
    const context = canvas.getContext('2d');
    if (!context) return;
    context.setTransform(ratio, 0, 0, ratio, 0, 0);
    paint(context, strokes, width, height);
  }, [strokes]);

  const pointOf = (event: PointerEvent<HTMLCanvasElement>): Point => {
    const box = event.currentTarget.getBoundingClientRect();
    return { x: event.clientX - box.left, y: event.clientY - box.top };
  };

  return (
    <div className="protocol-pad">
      <canvas
        ref={canvasRef}
        className="protocol-pad-canvas"
        style={{ height: `${HEIGHT_REM}rem` }}
        role="img"
        aria-label={m.signatureCanvas}
        data-testid="signature-canvas"
        onPointerDown={(event) => {
          if (disabled) return;
          event.currentTarget.setPointerCapture?.(event.pointerId);
          drawing.current = true;
          onChange(startStroke(strokes, pointOf(event)));
        }}
        onPointerMove={(event) => {
          if (!drawing.current || disabled) return;
          onChange(extendStroke(strokes, pointOf(event)));
        }}
        onPointerUp={() => {
          drawing.current = false;
        }}
        onPointerCancel={() => {
          drawing.current = false;
        }}
      />
      <div className="protocol-pad-actions">
        <Button
          size="small"
          disabled={disabled || strokes.length === 0}
          onClick={() => onChange(undoStroke(strokes))}
        >
          {m.undo}
        </Button>
        <Button size="small" disabled={disabled || strokes.length === 0} onClick={() => onChange([])}>
          {m.clear}
        </Button>
      </div>
    </div>
  );
}
