// Filters on the qualification reps give at events: rating, follow-up and an interest, each
// answered by the server and carried into the CSV export like the other filters.
import { FOLLOW_UPS, INTERESTS, LEAD_RATINGS } from '@contract';
import { LINE_CONTROL } from '../../../components/ui/form-field';
import { useLeadsStore } from '../leads-store';
import type { LeadFilters } from '../leads-api';

const SELECT = `mt-1 ${LINE_CONTROL} sm:w-40`;

const FILTERS: { key: 'rating' | 'followUp' | 'interest'; label: string; any: string; options: readonly { value: string; label: string }[] }[] = [
  { key: 'rating', label: 'Rating', any: 'Any rating', options: LEAD_RATINGS },
  { key: 'followUp', label: 'Follow-up', any: 'Any follow-up', options: FOLLOW_UPS },
  { key: 'interest', label: 'Interest', any: 'Any interest', options: INTERESTS },
];

export function QualifyFilters() {
  const filters = useLeadsStore((s) => s.filters);
  const setFilters = useLeadsStore((s) => s.setFilters);
  return (
    <>
      {FILTERS.map(({ key, label, any, options }) => (
        <div key={key}>
          <label htmlFor={`lead-${key}`} className="block text-sm font-medium text-slate-800">
            {label}
          </label>
          <select id={`lead-${key}`} value={filters[key]} onChange={(e) => void setFilters({ [key]: e.target.value } as Partial<LeadFilters>)} className={SELECT}>
            <option value="">{any}</option>
            {options.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
        </div>
      ))}
    </>
  );
}
