/**
 * The demo pictures of a first start, drawn in a short-lived child process. Drawing them loads sharp
 * (libvips) and encodes 87 pictures: done in the shop's own process, some 100 MB stayed resident for
 * the process's whole life (a first start at 264 MB against 161 MB for the next start of the same
 * database). A child gives it all back when it exits.
 */
import { fork } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ProcessedImage } from '../lib/images.js';
import type { PictureJob } from './seed.js';

/** Set by the server's build (scripts/build.js): the child's own bundle, from this file's folder. */
declare const SEED_CHILD_FROM_SOURCE: string | undefined;

export function drawPicturesInChild(jobs: PictureJob[]): Promise<ProcessedImage[]> {
  // Compiled: the child's bundle beside the server's. Run through tsx: the entry next to this file,
  // the child inheriting this process's flags (tsx's loader among them).
  const here = path.dirname(fileURLToPath(import.meta.url));
  const entry = path.join(here, typeof SEED_CHILD_FROM_SOURCE === 'string' ? SEED_CHILD_FROM_SOURCE : 'draw-child.ts');
  return new Promise((resolve, reject) => {
    const child = fork(entry, [], { stdio: ['ignore', 'inherit', 'pipe', 'ipc'] });
    let stderr = '';
    child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    let images: ProcessedImage[] | null = null;
    child.once('message', (message) => (images = message as ProcessedImage[]));
    child.once('error', reject);
    child.once('exit', (code, signal) => {
      if (images) resolve(images);
      else reject(new Error(`The demo pictures could not be drawn: ${stderr.trim() || signal || `exit code ${code}`}`));
    });
    child.send(jobs);
  });
}
