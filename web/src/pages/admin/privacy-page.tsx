// /admin/privacy: find, export or erase a person by e-mail; the retention rule; and, always in view, what an
// erasure cannot reach.
import { NotErasedList, PersonPanel, PersonSearch, PipedriveErasures, RetentionPanel } from '../../features/admin-privacy';

export default function PrivacyPage() {
  return (
    <div className="space-y-10">
      <section aria-labelledby="privacy-person" className="space-y-4">
        <h2 id="privacy-person" className="text-lg font-semibold text-slate-900">
          Find a person
        </h2>
        <PersonSearch />
        <PipedriveErasures />
        <PersonPanel />
      </section>
      <section aria-labelledby="privacy-retention" className="space-y-3">
        <h2 id="privacy-retention" className="text-lg font-semibold text-slate-900">
          Retention
        </h2>
        <RetentionPanel />
      </section>
      <section aria-labelledby="privacy-limits" className="space-y-2">
        <h2 id="privacy-limits" className="text-lg font-semibold text-slate-900">
          What erasure cannot reach
        </h2>
        <NotErasedList />
      </section>
    </div>
  );
}
