/**
 * Other screens open the playground with something to use (a doc viewer sample, the ETD
 * cropper's image, a generated ship payload): they leave a handoff in sessionStorage and
 * navigate to `PLAYGROUND_HANDOFF_PATH`; the playground takes it once (and removes it) and
 * opens a new tab on that endpoint with that body or image.
 */
export const PLAYGROUND_PATH = '/api/fapi';
export const PLAYGROUND_HANDOFF_PATH = '/api/fapi?handoff=1';
const KEY = 'lab.fapi.handoff';

export interface PlaygroundHandoff {
  /** A catalogue endpoint id (`ship-create`, `image-upload`, …). */
  endpointId: string;
  /** A JSON request body for the new tab. */
  body?: unknown;
  /** For `image-upload`: the image the Image Upload form starts with. */
  image?: { dataUrl: string; fileName: string; contentType: 'PNG' | 'GIF'; imageType?: 'SIGNATURE' | 'LETTERHEAD' };
  /** Which screen sent it (shown in the new tab's notice). */
  source?: string;
}

/** Leaves the handoff; the caller then navigates to PLAYGROUND_HANDOFF_PATH. */
export function leavePlaygroundHandoff(handoff: PlaygroundHandoff): void {
  sessionStorage.setItem(KEY, JSON.stringify(handoff));
}

/** Takes (reads and removes) the pending handoff; undefined when there is none or it is unreadable. */
export function takePlaygroundHandoff(): PlaygroundHandoff | undefined {
  const raw = sessionStorage.getItem(KEY);
  if (raw === null) return undefined;
  sessionStorage.removeItem(KEY);
  try {
    const h = JSON.parse(raw) as PlaygroundHandoff;
    return h && typeof h === 'object' && typeof h.endpointId === 'string' ? h : undefined;
  } catch {
    return undefined;
  }
}
