import type { MouseEvent } from 'react';

/** The table's Field column: its default, narrowest and widest widths (px), and a key press's step. */
export const FIELD_WIDTH = { initial: 320, min: 160, max: 1200, step: 16 } as const;
const clampWidth = (w: number) => Math.min(FIELD_WIDTH.max, Math.max(FIELD_WIDTH.min, Math.round(w)));

/** The handle on the Field header: drag it, or use ← →; a double click restores the default. */
export function FieldResizer({
  width,
  onWidth,
  label,
}: {
  width: number;
  onWidth: (w: number) => void;
  label: string;
}) {
  const start = (e: MouseEvent<HTMLDivElement>) => {
    if (e.button !== 0) return;
    e.preventDefault();
    const x0 = e.clientX;
    const move = (ev: globalThis.MouseEvent) => onWidth(clampWidth(width + ev.clientX - x0));
    const up = () => {
      document.removeEventListener('mousemove', move);
      document.removeEventListener('mouseup', up);
    };
    document.addEventListener('mousemove', move);
    document.addEventListener('mouseup', up);
  };
  return (
    <div
      role="separator"
      aria-orientation="vertical"
      aria-label={label}
      aria-valuenow={width}
      aria-valuemin={FIELD_WIDTH.min}
      aria-valuemax={FIELD_WIDTH.max}
      tabIndex={0}
      className="sv-resize"
      onMouseDown={start}
      onDoubleClick={() => onWidth(FIELD_WIDTH.initial)}
      onKeyDown={(e) => {
        const step = e.key === 'ArrowRight' ? FIELD_WIDTH.step : e.key === 'ArrowLeft' ? -FIELD_WIDTH.step : 0;
        if (step === 0) return;
        e.preventDefault();
        onWidth(clampWidth(width + step));
      }}
    />
  );
}
