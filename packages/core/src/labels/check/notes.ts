/**
 * What the label check says about a symbol, as a code and its values: the web app words each
 * note in the reader's language; `noteText` is the English the reply's `warnings` carry.
 */
export type CheckNoteCode =
  | 'outsideArea'
  | 'outsideImage'
  | 'noField'
  | 'mismatch'
  | 'narrowBar'
  | 'unreadSymbology'
  | 'notDecoded'
  | 'notDecodedOriginOutside'
  | 'notDecodedPastEdge'
  | 'notDecodedMatrixPastEdge'
  | 'notDecodedNarrow';

export interface CheckNote {
  code: CheckNoteCode;
  params: Record<string, string | number>;
}

/** English of each note; `{name}` stands for a value of its `params`. */
export const CHECK_NOTE_TEXT: Readonly<Record<CheckNoteCode, string>> = {
  outsideArea: 'the symbol lies partly outside the printable area ({width} × {height} dots)',
  outsideImage: 'the symbol lies partly outside the image',
  noField: 'no bar code field of the ZPL draws this symbol (a graphic?)',
  mismatch: 'decoded "{text}" but the field should give "{expected}"',
  narrowBar:
    'the narrow bar is {dots} {dotWord} ({mm} mm): below the {minimum} dots a {dpmm} dpmm printer prints reliably',
  unreadSymbology: '{symbology} is not decoded: the decoder does not read it; check it with a scanner',
  notDecoded:
    'the {symbology} symbol does not decode (clipped by the label edge, overlapped, or its quiet zone covered?)',
  notDecodedOriginOutside: 'the {symbology} symbol does not decode: its origin is outside the printable area',
  notDecodedPastEdge:
    'the {symbology} symbol does not decode: it is about {width} dots wide and runs past the edge of the {printWidth}-dot print width',
  notDecodedMatrixPastEdge:
    'the {symbology} symbol does not decode: it is at least {width} dots wide ({modules} modules of {dots}) and starts at x {x} of the {printWidth}-dot print width',
  notDecodedNarrow: 'the {symbology} symbol does not decode: its narrow bar is too narrow',
};

/** `{name}` placeholders of a template filled from `params`. */
export function fillNote(template: string, params: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (m, name: string) => (name in params ? String(params[name]) : m));
}

/**
 * Symbologies the decoder does not read from a raster reliably: not decoding them is a warning,
 * not a failure (scan them with a scanner). Their English note, where it says more than the template.
 */
export const UNREAD_SYMBOLOGIES: Readonly<Record<string, string>> = {
  MaxiCode:
    'MaxiCode is not decoded: the decoder (zxing-cpp) does not find MaxiCode on a rendered label; check it with a scanner',
  POSTNET: 'POSTNET is not decoded: the decoder reads no postal bar codes; check it with a scanner',
  'UPC/EAN extension': 'UPC/EAN extensions are not decoded on their own; check them with a scanner',
  'Industrial 2 of 5': 'Industrial 2 of 5 is not decoded: the decoder does not read it; check it with a scanner',
  'Standard 2 of 5': 'Standard 2 of 5 is not decoded: the decoder does not read it; check it with a scanner',
  MSI: 'MSI is not decoded: the decoder does not read it; check it with a scanner',
  Plessey: 'Plessey is not decoded: the decoder does not read it; check it with a scanner',
  'Code 11': 'Code 11 is not decoded: the decoder does not read it; check it with a scanner',
};

export const noteText = (note: CheckNote): string =>
  (note.code === 'unreadSymbology' && UNREAD_SYMBOLOGIES[String(note.params.symbology)]) ||
  fillNote(CHECK_NOTE_TEXT[note.code], note.params);

export const checkNote = (code: CheckNoteCode, params: Record<string, string | number> = {}): CheckNote => ({
  code,
  params,
});
