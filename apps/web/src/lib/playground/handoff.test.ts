import { describe, expect, it } from 'vitest';
import { leavePlaygroundHandoff, takePlaygroundHandoff } from './handoff';

describe('playground handoff', () => {
  it('hands off once', () => {
    leavePlaygroundHandoff({ endpointId: 'ship-create', body: { a: 1 } });
    expect(takePlaygroundHandoff()).toEqual({ endpointId: 'ship-create', body: { a: 1 } });
    expect(takePlaygroundHandoff()).toBeUndefined();
    sessionStorage.setItem('lab.fapi.handoff', '{broken');
    expect(takePlaygroundHandoff()).toBeUndefined();
  });
});
