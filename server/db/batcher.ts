// Group commit: concurrent calls share one statement. A batch starts once the event loop has taken in what had arrived
// (setImmediate), and only while fewer than `concurrency` batches run; every call waiting then goes into it (at most
// maxSize), so batches grow with the load and a lone call waits for nothing but one turn of the loop.

export interface BatcherOptions {
  concurrency: number;
  maxSize: number;
}

interface Waiting<I, O> {
  item: I;
  resolve: (o: O) => void;
  reject: (e: unknown) => void;
}

/** A function of one item that runs items through run in batches; run answers each item of its batch, in order. */
export function batcher<I, O>(run: (items: I[]) => Promise<O[]>, { concurrency, maxSize }: BatcherOptions): (item: I) => Promise<O> {
  const waiting: Waiting<I, O>[] = [];
  let running = 0;
  let scheduled = false;
  const start = () => {
    scheduled = false;
    running += 1;
    const batch = waiting.splice(0, maxSize);
    run(batch.map((w) => w.item))
      .then(
        (outputs) => batch.forEach((w, i) => w.resolve(outputs[i] as O)),
        (error: unknown) => batch.forEach((w) => w.reject(error)),
      )
      .finally(() => {
        running -= 1;
        next();
      });
    next();
  };
  const next = () => {
    if (scheduled || running >= concurrency || waiting.length === 0) return;
    scheduled = true;
    setImmediate(start);
  };
  return (item) =>
    new Promise<O>((resolve, reject) => {
      waiting.push({ item, resolve, reject });
      next();
    });
}
