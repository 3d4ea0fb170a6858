// Work the person does not see at once (a step change's history entry, code fetched ahead), run after what they see.

export interface Scheduled {
  cancel: () => void;
}

/** Runs a task when the browser is idle (Safari has no requestIdleCallback: soon after, then). */
export function whenIdle(task: () => void): Scheduled {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(task, { timeout: 1000 });
    return { cancel: () => cancelIdleCallback(id) };
  }
  const id = setTimeout(task, 50);
  return { cancel: () => clearTimeout(id) };
}

/** Runs a task in a new task right after the next frame is painted, so it never delays that paint. */
export function afterPaint(task: () => void): Scheduled {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const frame = requestAnimationFrame(() => (timer = setTimeout(task, 0)));
  return {
    cancel: () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    },
  };
}
