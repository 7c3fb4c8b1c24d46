// What an erasure cannot reach, in the contract's words: on the screen, in the confirmation and in the report.
import { NOT_ERASED } from '@contract';

export function NotErasedList({ className = '' }: { className?: string }) {
  return (
    <ul className={`list-disc space-y-1 pl-5 text-sm text-slate-700 ${className}`}>
      {NOT_ERASED.map((line) => (
        <li key={line}>{line}</li>
      ))}
    </ul>
  );
}
