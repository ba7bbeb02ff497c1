import { ORG_NAME_MAX, orgNameSchema } from '../../../../contract/apiSupport';
import { firstErrorKey, V } from '../../../../contract/validation';

/**
 * The i18n key of what is wrong with an organization name (already trimmed), or null. The length
 * is checked here with the real limit, so the message states it (the contract's message names 100).
 */
export function organizationNameError(name: string): string | null {
  if (name.length === 0) return V.required;
  if (name.length > ORG_NAME_MAX) return 'organization:form.nameMax';
  return firstErrorKey(orgNameSchema, name) ?? null;
}
