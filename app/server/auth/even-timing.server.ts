/**
 * Even answer times for the requests that could reveal whether an e-mail address has an account (issue 6): sign-up
 * and asking for a password reset do more database work for one kind of address than for the other (tens of
 * milliseconds, measurable by repeating a request), so their answers are held back to a common floor.
 */

/** The least time, in milliseconds, a sign-up or password reset request takes to answer. */
export const MIN_ANSWER_MS = 500;

/**
 * Runs `work` and settles no sooner than `minMs` milliseconds after the call, with its result or its error (rethrown
 * after the same wait). Work that takes longer than the floor is not cut short: the floor hides differences smaller
 * than itself, so it sits well above the slower path's usual time.
 */
export async function withMinimumDuration<T>(work: () => Promise<T>, minMs: number = MIN_ANSWER_MS): Promise<T> {
  const started = performance.now();
  const wait = () => {
    const remaining = minMs - (performance.now() - started);
    return remaining > 0 ? new Promise<void>((resolve) => setTimeout(resolve, remaining)) : Promise.resolve();
  };
  try {
    const result = await work();
    await wait();
    return result;
  } catch (error) {
    await wait();
    throw error;
  }
}
