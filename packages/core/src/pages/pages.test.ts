import { describe, expect, it } from 'vitest';
import { isWebPage } from './index.js';

describe('isWebPage', () => {
  it('knows the pages as the router matches them: any case, one trailing slash', () => {
    for (const page of ['/', '', '/transaction/search', '/Transaction/Search', '/utils/utils/', '/api/fapidoc']) {
      expect(isWebPage(page), page).toBe(true);
    }
  });

  it('refuses paths with no page', () => {
    for (const other of ['/nope', '/transaction', '/transaction/search/x', '/utils/utils//', '/api', '/api/none']) {
      expect(isWebPage(other), other).toBe(false);
    }
  });
});
