import {
  RESOURCE_PRICE_MAX,
  type ResourceCreate,
  type ResourceField,
  type ResourceFormat,
  type ResourceKind,
  type ResourceSources,
  type ResourceVisibility,
} from '../../../../contract/apiMarket';
import { resourceDescriptionSchema, resourceNameSchema } from '../../../../contract/validationConsole';
import { V } from '../../../../contract/validationMessages';

/** What the post form holds while the seller types (the price as typed; covers apart, as files). */
export interface ResourceDraft {
  projectId: string;
  kind: ResourceKind;
  modelId: string;
  name: string;
  description: string;
  price: string;
  format: ResourceFormat;
  fields: ResourceField[];
  visibility: ResourceVisibility;
}

export type DraftField = 'projectId' | 'modelId' | 'name' | 'description' | 'price' | 'format' | 'fields';
/** Field → validation key of the first message to show under it. */
export type DraftErrors = Partial<Record<DraftField, string>>;

export function emptyDraft(projectId = '', modelId = ''): ResourceDraft {
  return {
    projectId,
    kind: modelId ? 'model' : 'dataset',
    modelId,
    name: '',
    description: '',
    price: '0',
    format: modelId ? 'tfjs' : 'voc',
    fields: [],
    visibility: 'public',
  };
}

/** The kind changes the format with it: models are TF.js only, datasets VOC or COCO. */
export function withKind(draft: ResourceDraft, kind: ResourceKind): ResourceDraft {
  return { ...draft, kind, format: kind === 'model' ? 'tfjs' : draft.format === 'tfjs' ? 'voc' : draft.format };
}

/** The price in won when it is a whole number within the limit; null otherwise. */
export function parsePrice(text: string): number | null {
  const plain = text.trim().replace(/,/g, '');
  if (!/^\d+$/.test(plain)) return null;
  const value = Number(plain);
  return value <= RESOURCE_PRICE_MAX ? value : null;
}

function firstIssue(result: { success: boolean; error?: { issues: { message: string }[] } }): string | undefined {
  return result.success ? undefined : result.error?.issues[0]?.message;
}

/**
 * Every rule of the post form (contract/apiMarket.ts `resourceCreateSchema`), one message per field,
 * so each shows under its own field as the seller types. `sources` tells which model choices are valid.
 */
export function draftErrors(draft: ResourceDraft, sources: ResourceSources | undefined): DraftErrors {
  const errors: DraftErrors = {};
  const project = sources?.projects.find((p) => p.id === draft.projectId);
  if (!project) errors.projectId = V.required;
  if (draft.kind === 'model') {
    const model = project?.models.find((m) => m.id === draft.modelId);
    if (!model || model.posted) errors.modelId = V.required;
  }
  const name = firstIssue(resourceNameSchema.safeParse(draft.name));
  if (name) errors.name = name;
  const description = firstIssue(resourceDescriptionSchema.safeParse(draft.description));
  if (description) errors.description = description;
  if (!draft.price.trim()) errors.price = V.required;
  else if (parsePrice(draft.price) === null) errors.price = V.numeric;
  if ((draft.kind === 'model') !== (draft.format === 'tfjs')) errors.format = V.resourceFormat;
  if (draft.fields.length === 0) errors.fields = V.resourceFields;
  return errors;
}

/** The create body of a valid draft (call after `draftErrors` found nothing). */
export function toCreateBody(draft: ResourceDraft): ResourceCreate {
  return {
    projectId: draft.projectId,
    kind: draft.kind,
    ...(draft.kind === 'model' ? { modelId: draft.modelId } : {}),
    name: draft.name,
    description: draft.description,
    price: parsePrice(draft.price) ?? 0,
    format: draft.format,
    fields: draft.fields,
    visibility: draft.visibility,
  };
}
