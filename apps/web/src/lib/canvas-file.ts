/**
 * Images the browser draws itself and hands to a form as if the user had chosen them: the
 * generated avatar on register (initials on a colour) and a frame chosen from the video on upload.
 * The file goes into the form's own file input (DataTransfer), so the form's validation and its
 * multipart body are the same as for a picked file.
 */

/** Up to two initials of a name: "Ada Lovelace" → "AL", "ada" → "A", "" → "?". */
export function initialsOf(name: string): string {
  const words = name
    .trim()
    .split(/[\s._-]+/u)
    .filter(Boolean);
  const letters = words.length > 1 ? [words[0]!, words[words.length - 1]!] : words.slice(0, 1);
  const initials = letters.map((w) => Array.from(w)[0]!.toLocaleUpperCase()).join('');
  return initials || '?';
}

/** A background colour picked from the name (the same name, the same colour), dark enough for white text. */
export function colourOf(name: string): string {
  let hash = 0;
  for (const ch of name) hash = (hash * 31 + ch.codePointAt(0)!) >>> 0;
  return `hsl(${hash % 360} 55% 38%)`;
}

function canvasFile(canvas: HTMLCanvasElement, name: string, type: string): Promise<File> {
  return new Promise((resolve, reject) =>
    canvas.toBlob(
      (blob) => (blob ? resolve(new File([blob], name, { type })) : reject(new Error('The image could not be drawn'))),
      type,
      0.9,
    ),
  );
}

/** A 256×256 PNG: the name's initials in white on its colour. */
export function drawAvatar(name: string, size = 256): Promise<File> {
  const canvas = document.createElement('canvas');
  canvas.width = size;
  canvas.height = size;
  const ctx = canvas.getContext('2d');
  if (!ctx) return Promise.reject(new Error('The image could not be drawn'));
  ctx.fillStyle = colourOf(name);
  ctx.fillRect(0, 0, size, size);
  ctx.fillStyle = '#ffffff';
  ctx.font = `600 ${Math.round(size * 0.42)}px system-ui, sans-serif`;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.fillText(initialsOf(name), size / 2, size / 2 + size * 0.02);
  return canvasFile(canvas, 'avatar.png', 'image/png');
}

/** The current frame of a <video> as a JPEG the size of the video. */
export function drawFrame(video: HTMLVideoElement): Promise<File> {
  const canvas = document.createElement('canvas');
  canvas.width = video.videoWidth || 1280;
  canvas.height = video.videoHeight || 720;
  const ctx = canvas.getContext('2d');
  if (!ctx) return Promise.reject(new Error('The frame could not be drawn'));
  ctx.drawImage(video, 0, 0, canvas.width, canvas.height);
  return canvasFile(canvas, 'thumbnail.jpg', 'image/jpeg');
}

/** Puts `file` in a file input as if it had been chosen there. */
export function placeFile(input: HTMLInputElement | null, file: File) {
  if (!input) return;
  const transfer = new DataTransfer();
  transfer.items.add(file);
  input.files = transfer.files;
}
