import { FilePickButton } from '@/components/file-pick';

/** A file picker button (nothing is sent until the form's own button is pressed). */
export function FilePick({
  accept,
  label,
  testId,
  onFile,
}: {
  accept: string;
  label: string;
  testId: string;
  onFile: (file: File) => void;
}) {
  return (
    <span data-testid={testId}>
      <FilePickButton accept={accept} onFile={onFile}>
        {label}
      </FilePickButton>
    </span>
  );
}

/** Whether a chosen file fits the accepted endings (`.jpg,.jpeg`). */
export function fileMatches(fileName: string, accept: string): boolean {
  const lower = fileName.toLowerCase();
  return accept.split(',').some((ending) => lower.endsWith(ending.trim().toLowerCase()));
}
