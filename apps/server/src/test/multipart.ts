/** A multipart/form-data body for app.inject: text fields and files. */
export function multipart(
  parts: Array<{ name: string; value: Buffer | string; filename?: string }>,
  boundary = 'labb0undary',
) {
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const disposition = `form-data; name="${p.name}"${p.filename ? `; filename="${p.filename}"` : ''}`;
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n`));
    chunks.push(Buffer.from(p.filename ? 'Content-Type: application/octet-stream\r\n\r\n' : '\r\n'));
    chunks.push(Buffer.isBuffer(p.value) ? p.value : Buffer.from(p.value));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}
