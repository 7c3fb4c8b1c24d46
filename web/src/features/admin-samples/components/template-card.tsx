// One template in the grid: both sides, name, type, active state, description, and edit / delete.
import { WriteButton } from '../../../components/ui/write-button';
import type { SampleTemplate } from '@contract';
import { Badge } from '../../../components/ui/badge';
import { formatDate } from '../../../lib/format';
import { TemplateImage } from './template-image';

interface TemplateCardProps {
  template: SampleTemplate;
  onEdit: () => void;
  onDelete: () => void;
}

export function TemplateCard({ template, onEdit, onDelete }: TemplateCardProps) {
  const titleId = `template-${template.id}-title`;
  return (
    <article aria-labelledby={titleId} className="flex flex-col rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
      <div className="grid grid-cols-2 gap-2">
        <TemplateImage url={template.frontImageUrl} side="Front" alt={`Front of ${template.name}`} />
        <TemplateImage url={template.backImageUrl} side="Back" alt={`Back of ${template.name}`} />
      </div>
      <div className="mt-4 flex flex-wrap items-center gap-2">
        <h3 id={titleId} className="mr-auto text-base font-semibold text-slate-900">
          {template.name}
        </h3>
        <Badge tone="brand">{template.type}</Badge>
        <Badge tone={template.active ? 'green' : 'neutral'}>{template.active ? 'Active' : 'Inactive'}</Badge>
      </div>
      {template.description ? <p className="mt-2 text-sm text-slate-600">{template.description}</p> : null}
      <p className="mt-2 text-xs text-slate-500">Created {formatDate(template.createdAt)}</p>
      <div className="mt-4 flex gap-2 pt-1">
        <WriteButton variant="secondary" size="sm" onClick={onEdit} aria-label={`Edit ${template.name}`}>
          Edit
        </WriteButton>
        <WriteButton variant="ghost" size="sm" className="text-red-700 hover:bg-red-50" onClick={onDelete} aria-label={`Delete ${template.name}`}>
          Delete
        </WriteButton>
      </div>
    </article>
  );
}
