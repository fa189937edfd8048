/**
 * One read shared by concurrent callers, each of whom gets a value read after it called: a caller
 * joins the read that starts next (at once when none runs, else when the running one ends), never
 * one that was already under way. So a change committed before the call is in the answer, and under
 * load one read serves every caller that arrived while the previous one ran.
 */
export function createFreshRead<T>(read: () => Promise<T>): () => Promise<T> {
  let running: Promise<T> | undefined;
  let queued: Promise<T> | undefined;
  const next = (): Promise<T> => {
    if (!running) {
      running = read().finally(() => (running = undefined));
      return running;
    }
    queued ??= running
      .catch(() => undefined)
      .then(() => {
        queued = undefined;
        return next();
      });
    return queued;
  };
  return next;
}
