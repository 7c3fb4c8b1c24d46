// The template dialog's values: a new template starts Active with type postcard; editing starts
// from the template's own values. Checking uses the schema the server uses.
import { type SampleTemplate, templateInputSchema, type TemplateData, fieldErrors, type TemplateType } from '@contract';

export interface TemplateFormValues {
  name: string;
  type: TemplateType;
  frontImageUrl: string;
  backImageUrl: string;
  description: string;
  active: boolean;
}

export function initialTemplateValues(template: SampleTemplate | null): TemplateFormValues {
  return {
    name: template?.name ?? '',
    type: template?.type ?? 'postcard',
    frontImageUrl: template?.frontImageUrl ?? '',
    backImageUrl: template?.backImageUrl ?? '',
    description: template?.description ?? '',
    active: template?.active ?? true,
  };
}

export type TemplateFormResult = { ok: true; data: TemplateData } | { ok: false; errors: Record<string, string> };

export function checkTemplate(values: TemplateFormValues): TemplateFormResult {
  const parsed = templateInputSchema.safeParse(values);
  if (!parsed.success) return { ok: false, errors: fieldErrors(parsed.error) };
  // The spec's payload always carries every field: an emptied optional field goes as '' (which the shared
  // schema reads as "none"), rather than vanishing from the JSON.
  return {
    ok: true,
    data: { ...parsed.data, frontImageUrl: parsed.data.frontImageUrl ?? '', backImageUrl: parsed.data.backImageUrl ?? '', description: parsed.data.description ?? '' },
  };
}
