// The Sample Templates tab: Add Template, the card grid, and the create / edit dialog. Deleting asks first:
// 'Are you sure you want to delete this template?'.
import { WriteButton } from '../../../components/ui/write-button';
import { useState } from 'react';
import type { SampleTemplate } from '@contract';
import { Button } from '../../../components/ui/button';
import { EmptyText, ErrorPanel, LoadingText } from '../../../components/ui/list-state';
import { useTemplatesStore } from '../templates-store';
import { TemplateCard } from './template-card';
import { TemplateFormDialog } from './template-form-dialog';

export const DELETE_TEMPLATE_QUESTION = 'Are you sure you want to delete this template?';

export function TemplatesTab() {
  const templates = useTemplatesStore((s) => s.templates);
  const status = useTemplatesStore((s) => s.status);
  const error = useTemplatesStore((s) => s.error);
  const load = useTemplatesStore((s) => s.load);
  const remove = useTemplatesStore((s) => s.remove);
  const [dialog, setDialog] = useState<{ open: boolean; template: SampleTemplate | null; opening: number }>({ open: false, template: null, opening: 0 });

  const openDialog = (template: SampleTemplate | null) => setDialog((d) => ({ open: true, template, opening: d.opening + 1 }));
  const confirmDelete = (template: SampleTemplate) => {
    if (window.confirm(DELETE_TEMPLATE_QUESTION)) void remove(template.id);
  };

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-lg font-semibold text-slate-900">Sample Templates</h2>
        <WriteButton onClick={() => openDialog(null)}>Add Template</WriteButton>
      </div>
      {status === 'error' ? (
        <ErrorPanel title="The templates could not be loaded." detail={error} onRetry={() => void load()} />
      ) : status !== 'ready' && templates.length === 0 ? (
        <LoadingText>Loading templates...</LoadingText>
      ) : templates.length === 0 ? (
        <EmptyText>No templates yet. Add the first one.</EmptyText>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
          {templates.map((template) => (
            <li key={template.id}>
              <TemplateCard template={template} onEdit={() => openDialog(template)} onDelete={() => confirmDelete(template)} />
            </li>
          ))}
        </ul>
      )}
      <TemplateFormDialog key={dialog.opening} open={dialog.open} template={dialog.template} onClose={() => setDialog((d) => ({ ...d, open: false }))} />
    </div>
  );
}
