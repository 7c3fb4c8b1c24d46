// A read-only code sample on a dark panel; long lines scroll inside the panel, never the page. The
// region is focusable so keyboard users can scroll it too (axe: scrollable-region-focusable).
export function CodeBlock({ title, code }: { title: string; code: string }) {
  return (
    <figure className="overflow-hidden rounded-2xl bg-slate-900 shadow-2xl ring-1 ring-white/10">
      <figcaption className="flex items-center gap-2 border-b border-white/10 px-4 py-3 text-sm font-medium text-slate-300">
        <span aria-hidden="true" className="flex gap-1.5">
          <span className="h-3 w-3 rounded-full bg-red-400" />
          <span className="h-3 w-3 rounded-full bg-amber-400" />
          <span className="h-3 w-3 rounded-full bg-green-400" />
        </span>
        <span className="ml-2">{title}</span>
      </figcaption>
      <pre tabIndex={0} className="max-h-[28rem] overflow-auto p-4 text-[13px] leading-6 text-slate-100 focus-visible:outline-2 focus-visible:outline-amber-300">
        <code>{code}</code>
      </pre>
    </figure>
  );
}
