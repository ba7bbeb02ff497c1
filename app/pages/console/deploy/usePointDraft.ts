import { useEffect, useState } from 'react';
import type { Point } from '../../../../contract/apiDeploy';
import type { Project } from '../../../../contract/apiProjects';

/** What a new point dialog takes (edge or web). */
export interface NewPointDialogProps {
  open: boolean;
  /** The projects where the user is admin or member. */
  projects: readonly Project[];
  onClose: (created: Point | null) => void;
}

type Errors<D> = Partial<Record<keyof D, string>>;

/**
 * A new point's form: `empty` again each time the dialog opens (with the only project chosen
 * already), errors shown once submitted or when the server named the field, server errors
 * dropped as soon as anything changes.
 */
export function usePointDraft<D extends { projectId: string }>(
  open: boolean,
  projects: readonly Project[],
  empty: D,
  check: (draft: D) => Errors<D>,
) {
  const [draft, setDraft] = useState<D>(empty);
  const [touched, setTouched] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  useEffect(() => {
    if (!open) return;
    setDraft({ ...empty, projectId: projects.length === 1 ? projects[0]!.id : '' });
    setTouched(false);
    setServerErrors({});
    // Reset only when the dialog opens, not when the project list refreshes behind it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);
  const errors: Record<string, string | undefined> = { ...check(draft), ...serverErrors };
  return {
    draft,
    serverErrors,
    setServerErrors,
    update: (patch: Partial<D>) => {
      setDraft((d) => ({ ...d, ...patch }));
      setServerErrors({});
    },
    show: (field: keyof D & string) => (touched || serverErrors[field] ? errors[field] : undefined),
    /** Marks the form submitted; true when nothing is wrong with it. */
    submit: () => {
      setTouched(true);
      return Object.keys(check(draft)).length === 0;
    },
  };
}
