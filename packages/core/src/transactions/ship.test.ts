import { describe, expect, it } from 'vitest';
import { END_FIELD_INCORRECT, FORMAT_REASONS, shipRewrite } from './index.js';

describe('shipRewrite', () => {
  it('sets field 187 to ZEBRA for ZPL and empties the final 99', () => {
    const res = shipRewrite('0,"020" 187,"299"1,"x"99,"old"', { output: 'ZPL' });
    expect(res).toMatchObject({ ok: true, text: '0,"020"187,"ZEBRA"1,"x"99,""' });
  });

  it('sets DIB for PDF', () => {
    expect(shipRewrite('0,"020"187,"ZEBRA"99,""', { output: 'PDF' })).toMatchObject({
      ok: true,
      text: '0,"020"187,"DIB"99,""',
    });
  });

  it('adds field 187 just before the 99 when absent', () => {
    expect(shipRewrite('0,"020"\n1,"x"\n99,"something"', { output: 'PDF' })).toMatchObject({
      ok: true,
      text: '0,"020"1,"x"187,"DIB"99,""',
    });
  });

  it('leaves suffixed 187 entries alone and adds the plain one', () => {
    expect(shipRewrite('187-1,"a"99,""', { output: 'ZPL' })).toMatchObject({
      ok: true,
      text: '187-1,"a"187,"ZEBRA"99,""',
    });
  });

  it.each(['0,"020"1,"x"', '0,"020"99,""1,"x"', '99-1,""', '0,"020"199,""'])(
    'answers "end field incorrect" when the last entry is not field 99: %s',
    (text) => {
      expect(shipRewrite(text, { output: 'ZPL' })).toEqual({ ok: false, reason: END_FIELD_INCORRECT });
    },
  );

  it('reports an incorrect format with its position', () => {
    expect(shipRewrite('0,"020', { output: 'ZPL' })).toEqual({
      ok: false,
      reason: 'format incorrect',
      error: { position: 2, reason: FORMAT_REASONS.unclosed },
    });
  });
});
