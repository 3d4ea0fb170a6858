// Group commit: calls share a batch only when they arrive together or while batches run; a lone call is not held back.
import { describe, expect, it } from 'vitest';
import { batcher } from '../../server/db/batcher.ts';

/** A run that records its batches and answers each item doubled once release() is called. */
function recordingRun() {
  const batches: number[][] = [];
  const releases: (() => void)[] = [];
  const run = (items: number[]) => {
    batches.push(items);
    return new Promise<number[]>((resolve) => releases.push(() => resolve(items.map((i) => i * 2))));
  };
  const releaseAll = () => releases.splice(0).forEach((release) => release());
  return { run, batches, releaseAll };
}

describe('batcher', () => {
  it('answers a lone call in a batch of its own', async () => {
    const r = recordingRun();
    const call = batcher(r.run, { concurrency: 1, maxSize: 10 });
    const answer = call(1);
    await new Promise((resolve) => setImmediate(resolve));
    expect(r.batches).toEqual([[1]]);
    r.releaseAll();
    expect(await answer).toBe(2);
  });

  it('puts calls of one turn of the event loop together, and those arriving while it runs into the next batch', async () => {
    const r = recordingRun();
    const call = batcher(r.run, { concurrency: 1, maxSize: 10 });
    const first = [call(1), call(2), call(3)];
    await new Promise((resolve) => setImmediate(resolve));
    const second = [call(4), call(5)];
    await new Promise((resolve) => setImmediate(resolve));
    expect(r.batches).toEqual([[1, 2, 3]]);
    r.releaseAll();
    expect(await Promise.all(first)).toEqual([2, 4, 6]);
    await new Promise((resolve) => setImmediate(resolve));
    expect(r.batches).toEqual([[1, 2, 3], [4, 5]]);
    r.releaseAll();
    expect(await Promise.all(second)).toEqual([8, 10]);
  });

  it('keeps batches within maxSize and runs up to concurrency of them at once', async () => {
    const r = recordingRun();
    const call = batcher(r.run, { concurrency: 2, maxSize: 2 });
    const answers = [1, 2, 3, 4, 5].map(call);
    for (let i = 0; i < 3; i += 1) await new Promise((resolve) => setImmediate(resolve));
    expect(r.batches).toEqual([[1, 2], [3, 4]]);
    r.releaseAll();
    await Promise.all(answers.slice(0, 4));
    for (let i = 0; i < 2; i += 1) await new Promise((resolve) => setImmediate(resolve));
    expect(r.batches).toEqual([[1, 2], [3, 4], [5]]);
    r.releaseAll();
    expect(await Promise.all(answers)).toEqual([2, 4, 6, 8, 10]);
  });

  it('rejects every call of a batch whose run fails, and goes on with the next', async () => {
    let fail = true;
    const call = batcher(
      (items: number[]) => (fail ? Promise.reject(new Error('database gone')) : Promise.resolve(items)),
      { concurrency: 1, maxSize: 10 },
    );
    const failed = [call(1), call(2)];
    await expect(Promise.all(failed)).rejects.toThrow('database gone');
    await expect(failed[1]).rejects.toThrow('database gone');
    fail = false;
    expect(await call(3)).toBe(3);
  });
});
