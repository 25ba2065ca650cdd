/**
 * Async jobs: create shipment with `processingOptionType: ALLOW_ASYNCHRONOUS`, and open shipments'
 * create, modify and confirm, hand back a `jobId`; the results endpoints (`/ship/v1/shipments/results`,
 * `/ship/v1/openshipments/results`) answer the stored result of that job. The twin runs each job at
 * once, so its result is ready when the id is handed out.
 */
import { asObject as obj, asText as str, type JsonObject as Json } from '@lab/core/json';
import { carrierError } from '../errors.js';
import { envelope, type SimContext, type SimReply, type SimRequest } from './context.js';

/** The job kinds: create shipment's, and the open shipment's results request's resultMethodType. */
export type JobKind = 'ship' | 'CREATE' | 'MODIFY' | 'CONFIRM';

/** consolidation document, the results operation's 400 example. */
export const JOB_ID_INVALID = {
  code: 'SHIPMENT.JOBID.INVALID',
  message: 'Error with entered JobId. Please verify the entered JobId.',
};

/** Stores a reply's output as a new job's result; the job's id. */
export async function newJob(ctx: SimContext, req: SimRequest, kind: JobKind, output: Json): Promise<string> {
  // The seeded source repeats after a restart (or on another instance with the same seed): draw again.
  let jobId = ctx.state.hex(24);
  while (await ctx.store.records.jobTaken(jobId)) jobId = ctx.state.hex(24);
  await ctx.store.records.insertJob(jobId, req.environment, kind, output, req.now);
  return jobId;
}

/** A reply whose output also carries the id of a job holding that output (open shipments). */
export async function withJob(ctx: SimContext, req: SimRequest, kind: JobKind, reply: SimReply): Promise<SimReply> {
  const output = obj(reply.body.output);
  output.jobId = await newJob(ctx, req, kind, structuredClone(output));
  return reply;
}

async function results(ctx: SimContext, req: SimRequest, kind: JobKind): Promise<SimReply> {
  const job = await ctx.store.records.job(str(req.body.jobId), req.environment);
  if (!job || job.kind !== kind) throw carrierError(400, JOB_ID_INVALID.code, JOB_ID_INVALID.message);
  return { status: 200, body: envelope(ctx, req, obj(job.output)) };
}

export const shipResults = (ctx: SimContext, req: SimRequest) => results(ctx, req, 'ship');

export const openShipResults = (ctx: SimContext, req: SimRequest) =>
  results(ctx, req, str(req.body.resultMethodType, 'CREATE') as JobKind);
