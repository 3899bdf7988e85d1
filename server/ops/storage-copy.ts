/**
 * Copies every picture of one store into another (`npm run storage:copy`: DATA_DIR/uploads into the
 * bucket of STORAGE_URL, originals' widths and all). Safe to run again, and while the shop serves: a
 * picture already in the target with the same size is skipped, so a second run copies only what the
 * first missed or what was uploaded meanwhile. One picture failing does not stop the others; each is
 * named at the end.
 */
import { buffer } from 'node:stream/consumers';
import { contentTypeOf, type PictureStore } from '../lib/storage/picture-store.js';

export interface CopyResult {
  copied: number;
  skipped: number;
  /** Bytes written to the target. */
  bytes: number;
  failed: { key: string; reason: string }[];
}

/** Pictures copied at once: enough to hide the round trips to a bucket, few enough for a small machine. */
const IN_FLIGHT = 8;

export async function copyPictures(from: PictureStore, to: PictureStore, progress: (done: number) => void = () => {}): Promise<CopyResult> {
  const result: CopyResult = { copied: 0, skipped: 0, bytes: 0, failed: [] };
  const copyOne = async (key: string, size: number) => {
    try {
      const there = await to.stat(key);
      if (there?.size === size) {
        result.skipped++;
        return;
      }
      const picture = await from.get(key);
      if (!picture) return; // deleted from the source since it was listed: nothing to copy
      const body = await buffer(picture.body);
      await to.put(key, body, contentTypeOf(key));
      result.copied++;
      result.bytes += body.length;
    } catch (err) {
      result.failed.push({ key, reason: err instanceof Error ? err.message.split('\n')[0]! : String(err) });
    }
  };
  const running = new Set<Promise<void>>();
  let done = 0;
  for await (const { key, size } of from.list()) {
    const job = copyOne(key, size).finally(() => {
      running.delete(job);
      if (++done % 500 === 0) progress(done);
    });
    running.add(job);
    if (running.size >= IN_FLIGHT) await Promise.race(running);
  }
  await Promise.all(running);
  return result;
}
