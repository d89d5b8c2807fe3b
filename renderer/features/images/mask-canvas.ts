// The mask painted over the image to edit, kept in a canvas of the image's own size: what is painted is
// what may change. Exported as the service takes a mask: a PNG, opaque where the image stays, fully
// transparent where it may change.

export type MaskTool = 'brush' | 'eraser';

/** The paint's colour on screen (the layer is drawn half transparent over the image). */
const PAINT = 'rgb(255, 64, 96)';

/** A line of round dabs from (x0, y0) to (x1, y1), in the mask's pixels. */
export function stroke(
  canvas: HTMLCanvasElement,
  tool: MaskTool,
  radius: number,
  from: { x: number; y: number },
  to: { x: number; y: number },
): void {
  const ctx = canvas.getContext('2d');
  if (!ctx) return;
  ctx.save();
  ctx.globalCompositeOperation = tool === 'eraser' ? 'destination-out' : 'source-over';
  ctx.strokeStyle = PAINT;
  ctx.fillStyle = PAINT;
  ctx.lineCap = 'round';
  ctx.lineJoin = 'round';
  ctx.lineWidth = radius * 2;
  ctx.beginPath();
  ctx.moveTo(from.x, from.y);
  ctx.lineTo(to.x, to.y);
  ctx.stroke();
  ctx.beginPath();
  ctx.arc(to.x, to.y, radius, 0, Math.PI * 2);
  ctx.fill();
  ctx.restore();
}

export function clearMask(canvas: HTMLCanvasElement): void {
  canvas.getContext('2d')?.clearRect(0, 0, canvas.width, canvas.height);
}

/** Painted becomes unpainted and the other way round. */
export function invertMask(canvas: HTMLCanvasElement): void {
  const ctx = canvas.getContext('2d');
  if (!ctx) return;
  const copy = document.createElement('canvas');
  copy.width = canvas.width;
  copy.height = canvas.height;
  const c = copy.getContext('2d');
  if (!c) return;
  c.fillStyle = PAINT;
  c.fillRect(0, 0, copy.width, copy.height);
  c.globalCompositeOperation = 'destination-out';
  c.drawImage(canvas, 0, 0);
  ctx.clearRect(0, 0, canvas.width, canvas.height);
  ctx.drawImage(copy, 0, 0);
}

/** Whether anything is painted (on a stroke's end, not while painting). */
export function hasPaint(canvas: HTMLCanvasElement): boolean {
  const ctx = canvas.getContext('2d', { willReadFrequently: true });
  if (!ctx) return false;
  const { data } = ctx.getImageData(0, 0, canvas.width, canvas.height);
  // every pixel's alpha: a thin stroke must count; one linear pass over the image's pixels
  for (let i = 3; i < data.length; i += 4) if ((data[i] ?? 0) > 0) return true;
  return false;
}

/** The mask as the service takes it: a PNG, opaque black where nothing is painted, transparent where painted. */
export async function maskPng(canvas: HTMLCanvasElement): Promise<Blob> {
  const out = document.createElement('canvas');
  out.width = canvas.width;
  out.height = canvas.height;
  const ctx = out.getContext('2d');
  if (!ctx) throw new Error('no 2d context');
  ctx.fillStyle = '#000';
  ctx.fillRect(0, 0, out.width, out.height);
  ctx.globalCompositeOperation = 'destination-out';
  ctx.drawImage(canvas, 0, 0);
  return new Promise((resolve, reject) => {
    out.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error('the mask could not be encoded'))),
      'image/png',
    );
  });
}
