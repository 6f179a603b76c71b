/** A portal empty text (the spec's words), shown as a quiet panel. */
export function EmptyState({ children }: { children: React.ReactNode }) {
  return <p className="mt-4 rounded border border-dashed border-slate-400 bg-white p-6 text-slate-700">{children}</p>;
}
