// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { WEB_PAGES } from '@lab/core/pages';
import { tools } from './registry';

describe('the tool registry', () => {
  it('routes exactly the pages the server knows (@lab/core/pages), plus the not-found page', () => {
    const paths = tools.map((t) => t.path).filter((p) => p !== '*');
    expect([...paths].sort()).toEqual([...WEB_PAGES].sort());
    expect(tools.filter((t) => t.path === '*')).toHaveLength(1);
  });
});
