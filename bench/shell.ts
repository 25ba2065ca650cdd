// Foundation budgets: the shell's first-load JavaScript (gzip) and the server's idle RSS.
import { count, pause, report, rssMb, startServer } from './support.ts';
import { gzipKb, readManifest, shellFiles } from './support/webBuild.ts';

const files = shellFiles(readManifest());
report(`shell first-load JS, gzip (${files.length} files)`, gzipKb(files), 'KB', { max: 250 });

const SETTLE_MS = count(3000, 200);
const server = await startServer();
await pause(SETTLE_MS);
report(`server idle RSS (${SETTLE_MS / 1000} s after start)`, rssMb(server.pid), 'MB', { max: 150 });
await server.stop();
