import type { Kysely } from 'kysely';

/**
 * When a job was written to a receiver's stream (ISO-8601 UTC; null until then). A job announced on
 * the topic to receivers that were counted but gone (their instance killed before their lease
 * lapsed) is never written: the next receiver that connects is given it.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('print_jobs').addColumn('written_at', 'text').execute();
  // Jobs announced before: taken as written, so an upgrade never prints them again.
  await db
    .updateTable('print_jobs')
    .set((eb) => ({ written_at: eb.ref('announced_at') }))
    .where('announced_at', 'is not', null)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('print_jobs').dropColumn('written_at').execute();
}
