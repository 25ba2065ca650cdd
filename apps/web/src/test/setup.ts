import '@testing-library/jest-dom/vitest';
import 'fake-indexeddb/auto';
import { afterEach } from 'vitest';

// Pure-logic files (models, rules, parsers) run in the node environment (`// @vitest-environment node`
// at the top of the file): they get the matchers and nothing of the DOM below.
if (typeof window !== 'undefined') {
  const { cleanup } = await import('@testing-library/react');

  // antd reads these browser APIs that jsdom lacks.
  if (!window.matchMedia) {
    window.matchMedia = (query: string) =>
      ({
        matches: false,
        media: query,
        onchange: null,
        addListener: () => {},
        removeListener: () => {},
        addEventListener: () => {},
        removeEventListener: () => {},
        dispatchEvent: () => false,
      }) as MediaQueryList;
  }
  if (!('ResizeObserver' in window)) {
    (window as unknown as { ResizeObserver: unknown }).ResizeObserver = class {
      observe() {}
      unobserve() {}
      disconnect() {}
    };
  }
  // CodeMirror measures text ranges, which jsdom does not lay out.
  if (!Range.prototype.getClientRects) {
    Range.prototype.getClientRects = () =>
      ({ length: 0, item: () => null, [Symbol.iterator]: [][Symbol.iterator] }) as unknown as DOMRectList;
    Range.prototype.getBoundingClientRect = () => new DOMRect(0, 0, 0, 0);
  }
  const { getComputedStyle } = window;
  window.getComputedStyle = (elt: Element, pseudo?: string | null) => getComputedStyle(elt, pseudo ?? undefined);

  afterEach(() => {
    cleanup();
    localStorage.clear();
  });
}
