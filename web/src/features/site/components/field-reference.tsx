// A short reference of a request's fields beside its code sample: name in code type, then what it does.
export function FieldReference({ fields }: { fields: { name: string; description: string }[] }) {
  return (
    <dl className="divide-y divide-slate-200 overflow-hidden rounded-2xl bg-white ring-1 ring-slate-200">
      {fields.map((f) => (
        <div key={f.name} className="grid gap-1 px-5 py-4 sm:grid-cols-3 sm:gap-4">
          <dt>
            <code className="rounded bg-slate-100 px-1.5 py-0.5 font-mono text-sm font-semibold text-brand-800">{f.name}</code>
          </dt>
          <dd className="text-sm leading-6 text-slate-600 sm:col-span-2">{f.description}</dd>
        </div>
      ))}
    </dl>
  );
}
