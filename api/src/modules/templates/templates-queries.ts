// Sample template rows, normalised to the contract's SampleTemplate on both engines.
import type { Db } from '../../db/knex';
import { toBool, toIso } from '../../db/types';
import type { SampleTemplate, TemplateData, TemplateType } from '../../contract';

export function templateFromRow(row: Record<string, unknown>): SampleTemplate {
  return {
    id: Number(row.id),
    name: String(row.name),
    type: row.type as TemplateType,
    frontImageUrl: (row.front_image_url as string | null) ?? null,
    backImageUrl: (row.back_image_url as string | null) ?? null,
    description: (row.description as string | null) ?? null,
    active: toBool(row.active),
    createdAt: toIso(row.created_at),
  };
}

function columns(data: TemplateData) {
  return {
    name: data.name,
    type: data.type,
    front_image_url: data.frontImageUrl ?? null,
    back_image_url: data.backImageUrl ?? null,
    description: data.description ?? null,
    active: data.active,
  };
}

export async function listTemplates(db: Db): Promise<SampleTemplate[]> {
  const rows = await db('sample_templates').select('*').orderBy([
    { column: 'created_at', order: 'desc' },
    { column: 'id', order: 'desc' },
  ]);
  return rows.map(templateFromRow);
}

export async function insertTemplate(db: Db, data: TemplateData, nowIso: string): Promise<SampleTemplate> {
  const [row] = await db('sample_templates')
    .insert({ ...columns(data), created_at: nowIso, updated_at: nowIso })
    .returning('*');
  return templateFromRow(row);
}

/** PUT replaces every field, as the edit dialog sends the whole template. */
export async function replaceTemplate(db: Db, id: number, data: TemplateData, nowIso: string): Promise<SampleTemplate | undefined> {
  const [row] = await db('sample_templates').where({ id }).update({ ...columns(data), updated_at: nowIso }).returning('*');
  return row ? templateFromRow(row) : undefined;
}

export async function deleteTemplate(db: Db, id: number): Promise<boolean> {
  return (await db('sample_templates').where({ id }).delete()) === 1;
}
