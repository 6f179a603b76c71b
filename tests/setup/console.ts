// A test fails on an unexpected console.error (STYLE.md): tests that expect one spy on it themselves.
import { afterEach, vi } from 'vitest';

const calls: unknown[][] = [];
const original = console.error;
console.error = (...args: unknown[]) => {
  calls.push(args);
  original(...args);
};

afterEach(() => {
  if (vi.isMockFunction(console.error)) return;
  const seen = calls.splice(0);
  if (seen.length) throw new Error(`Unexpected console.error: ${seen.map((a) => a.map(String).join(' ')).join('\n')}`);
});
