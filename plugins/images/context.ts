// What every image route needs, built once when the plugin registers.
import fs from 'node:fs';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../core/db.js';
import { unsupportedMedia } from '../../core/errors.js';
import { fileStore, type FileStore } from './file-store.js';
import { imagesRepo, type ImagesRepo } from './repo.js';
import { startImagesReplica, type ReplicaOutbox } from './replica/start.js';
import { ticketKey } from './ticket.js';

export interface ImagesContext {
  db: Db;
  repo: ImagesRepo;
  files: FileStore;
  /** HMAC key of upload tickets, derived from the data folder's secret.key. */
  ticketKey: Buffer;
  /** Where the writes queue new and deleted files for the off-site store (a no-op when replication is off). */
  outbox: ReplicaOutbox;
}

/** Builds the shared context from the app (database, images folder, secret, off-site copy). */
export function imagesContext(app: FastifyInstance): ImagesContext {
  // Core creates secret.key before plugins register; trim as core does when it reads it.
  const secret = fs.readFileSync(app.paths.secretKey, 'utf8').trim();
  return { db: app.db, repo: imagesRepo(app.db), files: fileStore(app.paths.images), ticketKey: ticketKey(secret), outbox: startImagesReplica(app) };
}

/** 415 unless the declared type claims an image (the bytes are checked later, whatever is claimed). */
export function mustClaimImage(contentType: string) {
  if (!/^image\//i.test(contentType.trim())) throw unsupportedMedia('Only JPEG, PNG and WebP images are allowed');
}
