// Sample templates staff manage on the Sample Management screen.
import type { AppDeps } from '../../deps';
import { notFound } from '../../http/errors';
import type { SampleTemplate, TemplateData } from '../../contract';
import { deleteTemplate, insertTemplate, listTemplates, replaceTemplate } from './templates-queries';

type Deps = Pick<AppDeps, 'db' | 'clock'>;

export function getTemplates({ db }: Pick<AppDeps, 'db'>): Promise<SampleTemplate[]> {
  return listTemplates(db);
}

export function createTemplate({ db, clock }: Deps, data: TemplateData): Promise<SampleTemplate> {
  return insertTemplate(db, data, clock().toISOString());
}

export async function updateTemplate({ db, clock }: Deps, id: number, data: TemplateData): Promise<SampleTemplate> {
  const updated = await replaceTemplate(db, id, data, clock().toISOString());
  if (!updated) throw notFound('Template');
  return updated;
}

export async function removeTemplate({ db }: Pick<AppDeps, 'db'>, id: number): Promise<void> {
  if (!(await deleteTemplate(db, id))) throw notFound('Template');
}
