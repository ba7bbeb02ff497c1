import { wizardFormSchema, type WizardForm } from './wizardForm';

/*
 * The half-filled wizard of a project, kept in sessionStorage for this tab (a reload or a detour
 * keeps it; another tab or project starts clean). Read through the schema: an entry from an older
 * version or edited by hand is ignored, never trusted.
 */

const storageKey = (projectId: string) => `maru.trainingWizard.${projectId}`;

/** The half-filled wizard of a project, kept for this tab's session (a reload keeps it). */
export function loadForm(projectId: string): WizardForm | null {
  try {
    const raw = sessionStorage.getItem(storageKey(projectId));
    if (!raw) return null;
    const parsed = wizardFormSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function saveForm(projectId: string, form: WizardForm): void {
  try {
    sessionStorage.setItem(storageKey(projectId), JSON.stringify(form));
  } catch {
    // Storage full or blocked: the wizard still works, it only forgets on reload.
  }
}

export function clearForm(projectId: string): void {
  try {
    sessionStorage.removeItem(storageKey(projectId));
  } catch {
    // As above.
  }
}
