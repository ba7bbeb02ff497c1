import { orgNameSchema } from '../../../../contract/apiSupport';
import { firstErrorKey, V } from '../../../../contract/validation';

/** The i18n key of what is wrong with an organization name (already trimmed), or null. */
export function organizationNameError(name: string): string | null {
  if (name.length === 0) return V.required;
  return firstErrorKey(orgNameSchema, name) ?? null;
}
