/**
 * The path of the JSON node at a character offset of a JSON text (for the "node path" field when
 * the cursor is in the text editor). Works on partial or invalid text too: it reads up to the offset.
 * Keys and array indices are strings, as vanilla-jsoneditor's paths are.
 */
type Frame =
  { kind: 'object'; key: string | undefined; pending: string | undefined } | { kind: 'array'; index: number };

function pathOf(stack: Frame[]): string[] {
  const out: string[] = [];
  for (const f of stack) {
    if (f.kind === 'array') out.push(String(f.index));
    else if (f.key !== undefined) out.push(f.key);
    else break;
  }
  return out;
}

export function jsonPathAt(text: string, offset: number): string[] {
  const stack: Frame[] = [];
  let i = 0;
  while (i < text.length && i < offset) {
    const c = text[i]!;
    const top = stack[stack.length - 1];
    if (c === '"') {
      // A string: a key when the enclosing object waits for one.
      let j = i + 1;
      let value = '';
      while (j < text.length && text[j] !== '"') {
        if (text[j] === '\\' && j + 1 < text.length) {
          value += text[j + 1];
          j += 2;
        } else value += text[j++];
      }
      const isKey = top?.kind === 'object' && top.key === undefined;
      if (isKey) {
        top.pending = value;
        if (offset <= j) return [...pathOf(stack), value];
      } else if (offset <= j) return pathOf(stack);
      i = j + 1;
      continue;
    }
    if (c === '{') stack.push({ kind: 'object', key: undefined, pending: undefined });
    else if (c === '[') stack.push({ kind: 'array', index: 0 });
    else if (c === '}' || c === ']') stack.pop();
    else if (c === ':' && top?.kind === 'object') top.key = top.pending;
    else if (c === ',' && top) {
      if (top.kind === 'array') top.index += 1;
      else {
        top.key = undefined;
        top.pending = undefined;
      }
    }
    i += 1;
  }
  return pathOf(stack);
}
