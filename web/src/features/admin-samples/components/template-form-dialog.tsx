// Create New Template / Edit Template. Errors from the shared schema appear under their
// fields; the dialog closes only once the server has saved.
import { useState, type FormEvent } from 'react';
import { LIMITS, type SampleTemplate, TEMPLATE_TYPES } from '@contract';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/dialog';
import { SelectField, TextAreaField, TextField } from '../../../components/ui/form-field';
import { SwitchField } from '../../../components/ui/switch-field';
import { checkTemplate, initialTemplateValues, type TemplateFormValues } from '../template-form';
import { useTemplatesStore } from '../templates-store';

// The caller remounts this dialog (a new `key`) for each opening, so the form starts from the defaults
// (Active, type postcard) or the template's own values, never from an earlier opening's edits.
interface TemplateFormDialogProps {
  open: boolean;
  /** The template being edited; null creates a new one. */
  template: SampleTemplate | null;
  onClose: () => void;
}

export function TemplateFormDialog({ open, template, onClose }: TemplateFormDialogProps) {
  return (
    <Modal open={open} onClose={onClose} title={template ? 'Edit Template' : 'Create New Template'}>
      <TemplateForm template={template} onDone={onClose} />
    </Modal>
  );
}

function TemplateForm({ template, onDone }: { template: SampleTemplate | null; onDone: () => void }) {
  const save = useTemplatesStore((s) => s.save);
  const [values, setValues] = useState<TemplateFormValues>(() => initialTemplateValues(template));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);

  const set = <K extends keyof TemplateFormValues>(key: K, value: TemplateFormValues[K]) => setValues((v) => ({ ...v, [key]: value }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    const checked = checkTemplate(values);
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    setSaving(true);
    const saved = await save(checked.data, template?.id);
    setSaving(false);
    if (saved) onDone();
  }

  return (
    <form noValidate onSubmit={submit} className="space-y-4">
      <TextField label="Template Name" required value={values.name} error={errors.name} onChange={(e) => set('name', e.target.value)} />
      <SelectField label="Type" required value={values.type} error={errors.type} onChange={(e) => set('type', e.target.value as TemplateFormValues['type'])}>
        {TEMPLATE_TYPES.map((type) => (
          <option key={type} value={type}>
            {type === 'postcard' ? 'Postcard' : 'Letter'}
          </option>
        ))}
      </SelectField>
      <TextField label="Front Image URL" type="url" inputMode="url" placeholder="https://" value={values.frontImageUrl} error={errors.frontImageUrl} onChange={(e) => set('frontImageUrl', e.target.value)} />
      <TextField label="Back Image URL" type="url" inputMode="url" placeholder="https://" value={values.backImageUrl} error={errors.backImageUrl} onChange={(e) => set('backImageUrl', e.target.value)} />
      <TextAreaField label="Description" rows={3} maxChars={LIMITS.longText} value={values.description} error={errors.description} onChange={(e) => set('description', e.target.value)} />
      <SwitchField label="Active" checked={values.active} onChange={(on) => set('active', on)} />
      <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
        <Button variant="ghost" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={saving}>
          {saving ? 'Saving...' : template ? 'Save Changes' : 'Create Template'}
        </Button>
      </div>
    </form>
  );
}
