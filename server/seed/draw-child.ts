/**
 * A child process's entry (server/seed/draw-in-child.ts): draws the demo pictures it is sent into the
 * shop's picture store (the same configuration as its parent, from the same environment) and sends
 * back what it wrote, then exits.
 */
import { loadConfig } from '../config.js';
import { openPictureStore } from '../lib/storage/open.js';
import { drawSeedPictures, type PictureJob } from './seed.js';

process.once('message', (jobs: PictureJob[]) => {
  void (async () => {
    const store = await openPictureStore(loadConfig());
    try {
      const images = await drawSeedPictures(jobs, store);
      await new Promise<void>((resolve, reject) => process.send!(images, (err: Error | null) => (err ? reject(err) : resolve())));
    } finally {
      await store.close();
    }
    process.exit(0);
  })().catch((err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  });
});
