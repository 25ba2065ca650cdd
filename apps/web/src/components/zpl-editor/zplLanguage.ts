import { StreamLanguage, type StreamParser } from '@codemirror/language';

interface ZplState {
  /** Inside field data (^FD/^FV) or a comment (^FX), which run to the next ^. */
  mode: 'code' | 'data' | 'comment';
}

/**
 * ZPL highlighting: commands as keywords, field data as strings, ^FX comments, numbers. Prefix
 * changes (^CC) are not followed here (the linter does follow them).
 */
const zplParser: StreamParser<ZplState> = {
  name: 'zpl',
  startState: () => ({ mode: 'code' }),
  token(stream, state) {
    if (state.mode !== 'code') {
      if (stream.peek() !== '^') {
        stream.eatWhile((c) => c !== '^');
        return state.mode === 'data' ? 'string' : 'comment';
      }
      state.mode = 'code';
    }
    const command = stream.match(/^[\^~]([Aa].|[A-Za-z0-9@]{2})/) as RegExpMatchArray | null;
    if (command) {
      const code = command[1]!.toUpperCase();
      if (command[0][0] === '^' && (code === 'FD' || code === 'FV')) state.mode = 'data';
      else if (command[0][0] === '^' && code === 'FX') state.mode = 'comment';
      return 'keyword';
    }
    if (stream.match(/^-?\d+(\.\d+)?/)) return 'number';
    if (stream.eat(',')) return 'punctuation';
    stream.next();
    stream.eatWhile((c) => c !== '^' && c !== '~' && c !== ',' && !/\d/.test(c));
    return 'atom';
  },
};

export const zplLanguage = StreamLanguage.define(zplParser);
