/**
 * Whether a process with id `pid` runs on this machine (signal 0: EPERM means it runs under another user). Used for
 * the data-folder lock and for mail a dead worker left "sending" (issue 13).
 */
export function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
