// What a plugin's worker tasks look like (plugins/<p>/worker.ts, collected by app/worker-tasks.ts) and the
// names the main thread may call: each plugin adds its tasks to OffloadTasks / OffloadStreams by declaration
// merging, so `app.offload.run('reports.sales', input)` is typed without core importing any plugin.
import type { Db } from '../db.js';

/** What a task gets besides its input: the worker's own read-only connection (opened once per worker). */
export interface TaskContext {
  db: Db;
}

/** A task: plain (structured-clonable) input in, plain result out. Throw an AppError for a 4xx. */
// biome-ignore lint/suspicious/noExplicitAny: each task declares its own input type; `any` lets a typed task stand as a TaskFn (parameters are contravariant, so `unknown` would reject it)
export type TaskFn<I = any, O = unknown> = (input: I, ctx: TaskContext) => O | Promise<O>;
/** A streamed task: its chunks go to the caller one at a time, as the caller reads them (backpressure). */
// biome-ignore lint/suspicious/noExplicitAny: each task declares its own input type; `any` lets a typed task stand as a StreamFn (parameters are contravariant, so `unknown` would reject it)
export type StreamFn<I = any> = (input: I, ctx: TaskContext) => AsyncIterable<string | Uint8Array> | Iterable<string | Uint8Array>;

/** Request/response tasks by name ('<plugin>.<task>'): each plugin's worker.ts adds its own. */
// biome-ignore lint/suspicious/noEmptyInterface: plugins add their tasks by declaration merging, which only an interface allows
export interface OffloadTasks {}
/** Streamed tasks by name: each plugin's worker.ts adds its own. */
// biome-ignore lint/suspicious/noEmptyInterface: plugins add their streams by declaration merging, which only an interface allows
export interface OffloadStreams {}

/** One plugin's worker tasks. */
export interface WorkerTasks {
  tasks?: Record<string, TaskFn>;
  streams?: Record<string, StreamFn>;
}

/** Declares a plugin's worker tasks (identity: keeps the literal names for `typeof`). */
export function defineWorkerTasks<T extends WorkerTasks>(t: T): T {
  return t;
}

export type TaskInput<K extends keyof OffloadTasks> = OffloadTasks[K] extends TaskFn<infer I> ? I : never;
// biome-ignore lint/suspicious/noExplicitAny: matches a task of any input type, to read its output type
export type TaskOutput<K extends keyof OffloadTasks> = OffloadTasks[K] extends TaskFn<any, infer O> ? Awaited<O> : never;
export type StreamInput<K extends keyof OffloadStreams> = OffloadStreams[K] extends StreamFn<infer I> ? I : never;

/** An error as it crosses the thread boundary: an AppError keeps its status, code and details. */
export interface WireError {
  name: string;
  message: string;
  code?: string;
  statusCode?: number;
  details?: unknown;
}

/** Bytes a task returned (they cross the thread boundary as a Uint8Array) as the Buffer a reply sends. */
export function asBuffer(bytes: Uint8Array): Buffer {
  return Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}
