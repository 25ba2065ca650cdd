import { LabelViewer, type LabelCheckSource } from '@/components/label-viewer';

/** A PNG or PDF without ZPL: Check decodes the shown image or page (on the server) and shows what it reads. */
const IMAGE_CHECK: LabelCheckSource = { kind: 'image' };

/** The decoded PNG or PDF in the label viewer, with Check and its one download. */
export function DecodedFile({
  kind,
  blob,
  caption,
  fileName,
}: {
  kind: 'png' | 'pdf';
  blob: Blob;
  caption: string;
  fileName: string;
}) {
  return (
    <LabelViewer
      kind={kind}
      blobs={[blob]}
      caption={caption}
      check={IMAGE_CHECK}
      downloads={[{ key: kind, label: kind.toUpperCase(), fileName, blob }]}
    />
  );
}
