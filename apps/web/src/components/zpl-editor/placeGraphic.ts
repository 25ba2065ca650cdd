import type { GraphicReply } from '@lab/core/contract';
import { freeSpot, labelLayouts, type ZplLabelLayout } from '@lab/core/labels/zpl';
import { charIndexOfByte } from './positions';
import { fill, type messages } from './messages';

/** Dots kept clear around a placed logo. */
const GAP = 10;

export interface GraphicPlacement {
  zpl: string;
  /** Where the graphic's ^FO puts it, in dots. */
  x: number;
  y: number;
  /** The label it went into (from 1), and the line of its ^FO in the new text (from 1). */
  label: number;
  line: number;
  /** found free space / made a new label / no room: below the last field. */
  where: 'free' | 'new-label' | 'no-room';
}

const utf8Length = (text: string) => new TextEncoder().encode(text).length;

/** The label the cursor is in, else the last one before it, else the first. */
function labelAt(labels: ZplLabelLayout[], cursorByte: number): ZplLabelLayout {
  return (
    labels.find((l) => l.start <= cursorByte && cursorByte <= l.end) ??
    labels.filter((l) => l.end < cursorByte).at(-1) ??
    labels[0]!
  );
}

/**
 * Puts a converted graphic into the ZPL: in the label the cursor is in (else the label before it,
 * else the first), at the cursor when it is inside that label (after the field it is in, so no
 * field is split), else before the label's ^XZ; at the top-most, left-most free space of the label
 * (from its fields' estimated boxes), or below its last field when no free space is large enough.
 * An empty editor gets a label of the graphic alone.
 */
export function placeGraphic(zpl: string, graphic: GraphicReply, cursor?: number): GraphicPlacement {
  const labels = labelLayouts(zpl);
  if (labels.length === 0) {
    const text = zpl.trim() === '' ? graphic.zpl : `${zpl}\n${graphic.zpl}`;
    const line = text.slice(0, text.lastIndexOf(graphic.zpl)).split('\n').length;
    return { zpl: text, x: 0, y: 0, label: 1, line, where: 'new-label' };
  }
  const cursorByte = cursor === undefined ? -1 : utf8Length(zpl.slice(0, cursor));
  const label = labelAt(labels, cursorByte);
  const size = { width: graphic.widthDots, height: graphic.heightDots };
  const spot = freeSpot(label, size, GAP);
  const below = Math.max(0, ...label.boxes.map((b) => b.y + b.height)) + GAP;
  const { x, y } = spot ?? { x: GAP, y: below };

  const inside = label.bodyStart <= cursorByte && cursorByte <= label.end;
  const atByte = inside ? [label.bodyStart, ...label.fieldEnds, label.end].find((b) => b >= cursorByte)! : label.end;
  const at = charIndexOfByte(zpl, atByte);
  const field = `^FO${x},${y}${graphic.command}^FS`;
  const insert = atByte === label.end ? `${field}\n` : `\n${field}`;
  const text = `${zpl.slice(0, at)}${insert}${zpl.slice(at)}`;
  const line = text.slice(0, at + insert.indexOf('^FO')).split('\n').length;
  return { zpl: text, x, y, label: label.index + 1, line, where: spot ? 'free' : 'no-room' };
}

/** Where the logo went, in the editor's words: coordinates, size, label and line. */
export function placementMessage(
  m: (typeof messages)['en'],
  p: GraphicPlacement,
  graphic: Pick<GraphicReply, 'widthDots' | 'heightDots'>,
): string {
  const template = p.where === 'free' ? m.logoPlaced : p.where === 'new-label' ? m.logoNewLabel : m.logoNoRoom;
  return fill(template, { x: p.x, y: p.y, w: graphic.widthDots, h: graphic.heightDots, n: p.label, line: p.line });
}
