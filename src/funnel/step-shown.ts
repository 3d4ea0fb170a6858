// A User Timing mark each time a step is on screen: what field monitoring and the benchmark measure a screen by.

export const STEP_SHOWN_MARK = 'claimflow:step-shown';

/** Marked as the step commits, before anything the step starts afterwards (the next steps' prefetches). */
export function markStepShown(stepId: string): void {
  performance.mark(STEP_SHOWN_MARK, { detail: { stepId } });
}
