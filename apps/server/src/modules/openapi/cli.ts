import { diffDocuments, diffMarkdown, changePlace, reasonOf, type ApiDiff } from '@lab/core/openapi-diff';
import { CliError, type RegisterCommand } from '../../cli/command.js';
import { findDanglingRefs, withDanglingRefsPatched, type JsonObject } from './document.js';
import { listReleases, pickRelease, releaseText, type ReleaseRow } from './releases.js';

const FORMATS = ['text', 'markdown', 'json'] as const;

const releaseName = (r: ReleaseRow) => r.label ?? r.version;

/**
 * `lab docs releases <document>` and `lab docs diff <document> <releaseA> <releaseB> [--breaking]`:
 * the diff exits 1 when a breaking change exists (for the CI of an integration), 0 when none, 2 on
 * bad input.
 */
export const registerDocsCommands: RegisterCommand = (program, ctx, setExit) => {
  const docs = program.command('docs').description("the carrier's OpenAPI documents: releases and what changed");

  docs
    .command('releases')
    .description("a document's releases, newest first")
    .argument('<document>', 'the document name, e.g. ship--Shipment-Resource')
    .action(async (name: string) => {
      const db = await ctx.openDb();
      try {
        const rows = await listReleases(db.kysely, name);
        if (!rows.length) throw new CliError(`no OpenAPI document ${name}: import it with lab import carrier-openapi`);
        for (const r of rows) {
          ctx.out(
            `${r.id}\t${r.label ?? '-'}\t${r.version}\t${r.sha256.slice(0, 12)}\t${r.importedAt}\t${r.operations} operations`,
          );
        }
      } finally {
        await db.close();
      }
    });

  docs
    .command('diff')
    .description('what changed between two releases of a document; exit 1 when a change breaks clients')
    .argument('<document>', 'the document name, e.g. ship--Shipment-Resource')
    .argument('<releaseA>', 'the older release: its label, info.version, id or sha256 prefix')
    .argument('<releaseB>', 'the newer release')
    .option('--breaking', 'list breaking changes only')
    .option('--format <format>', `output: ${FORMATS.join(', ')}`, 'text')
    .action(async (name: string, refA: string, refB: string, opts: { breaking?: boolean; format: string }) => {
      if (!(FORMATS as readonly string[]).includes(opts.format)) {
        throw new CliError(`--format must be one of ${FORMATS.join(', ')}, got ${opts.format}`);
      }
      const db = await ctx.openDb();
      let diff: ApiDiff;
      let title: string;
      try {
        const rows = await listReleases(db.kysely, name);
        if (!rows.length) throw new CliError(`no OpenAPI document ${name}: import it with lab import carrier-openapi`);
        const known = rows.map(releaseName).join(', ');
        const pick = (ref: string) => {
          const r = pickRelease(rows, ref);
          if (!r) throw new CliError(`no release ${ref} of ${name}: its releases are ${known}`);
          return r;
        };
        const [a, b] = [pick(refA), pick(refB)];
        const load = async (r: ReleaseRow) => {
          const raw = JSON.parse((await releaseText(db.kysely, r.id))!) as JsonObject;
          return withDanglingRefsPatched(raw, findDanglingRefs(raw));
        };
        diff = diffDocuments(await load(a), await load(b));
        title = `${name}: ${releaseName(a)} → ${releaseName(b)}`;
      } finally {
        await db.close();
      }
      const shown = opts.breaking ? diff.changes.filter((c) => c.class === 'breaking') : diff.changes;
      if (opts.format === 'json') ctx.out(JSON.stringify({ ...diff, changes: shown }, null, 2));
      else if (opts.format === 'markdown')
        ctx.out(diffMarkdown(title, { counts: diff.counts, changes: shown }).trimEnd());
      else {
        const { breaking, 'non-breaking': nonBreaking, 'doc-only': docOnly } = diff.counts;
        ctx.out(`${title}: ${breaking} breaking, ${nonBreaking} non-breaking, ${docOnly} doc-only`);
        for (const c of shown) {
          const values =
            c.before !== undefined || c.after !== undefined ? ` (${c.before ?? ''} → ${c.after ?? ''})` : '';
          ctx.out(`${c.class}\t${c.operation}\t${changePlace(c)}\t${c.rule}: ${reasonOf(c.rule)}${values}`);
        }
      }
      setExit(diff.counts.breaking > 0 ? 1 : 0);
    });
};
