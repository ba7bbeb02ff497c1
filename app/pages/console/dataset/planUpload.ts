import { FOLDER_UPLOAD_MAX_LABELS } from '../../../../contract/apiProjects';
import type { UploadFile } from './UploadQueue';

/** A file picked from a folder: its path inside the picked folder (`webkitRelativePath`). */
export interface PickedFile {
  file: Blob;
  name: string;
  relativePath: string;
}

export interface UploadPlan {
  files: UploadFile[];
  /** Sub-folder name → label name, for classification folder uploads. */
  mapped: Record<string, string>;
  /** Sub-folders whose name is no label: their files go up without a label. */
  unmatched: string[];
  /** Hidden and system files left out (".DS_Store", "Thumbs.db", dot files). */
  skipped: number;
}

/** Why an upload may not start: `labels_required` (no label yet), `too_many_labels` (folder upload, > 10 labels). */
export function uploadBlock(labelCount: number, folder: boolean): 'labels_required' | 'too_many_labels' | null {
  if (labelCount < 1) return 'labels_required';
  if (folder && labelCount > FOLDER_UPLOAD_MAX_LABELS) return 'too_many_labels';
  return null;
}

const SYSTEM_FILES = new Set(['thumbs.db', 'desktop.ini']);

function isHidden(path: string): boolean {
  return path.split('/').some((part) => part.startsWith('.') || SYSTEM_FILES.has(part.toLowerCase()));
}

/**
 * The sub-folder a file sits in directly under the picked folder: 'photos/cat/1.jpg' → 'cat';
 * files at the top ('photos/1.jpg') have none.
 */
export function subFolderOf(relativePath: string): string | null {
  const parts = relativePath.split('/').filter(Boolean);
  return parts.length >= 3 ? parts[parts.length - 2]! : null;
}

/** The folder of a file inside the picked folder: 'photos/set1/cat/1.jpg' → 'set1/cat'; top level → ''. */
export function folderOf(relativePath: string): string {
  const parts = relativePath.split('/').filter(Boolean);
  return parts.slice(1, -1).join('/');
}

/**
 * Plans an upload. For a classification folder upload, a sub-folder whose name equals a label
 * name (ignoring case and surrounding blanks) gives its files that label.
 */
export function planUpload(
  picked: readonly PickedFile[],
  labels: readonly { name: string }[],
  classify: boolean,
  folderUpload = classify,
): UploadPlan {
  const byKey = new Map(labels.map((l) => [l.name.trim().toLowerCase(), l.name]));
  const mapped: Record<string, string> = {};
  const unmatched = new Set<string>();
  const files: UploadFile[] = [];
  let skipped = 0;
  for (const p of picked) {
    if (isHidden(p.relativePath || p.name)) {
      skipped += 1;
      continue;
    }
    const folder = classify ? subFolderOf(p.relativePath) : null;
    const label = folder === null ? undefined : byKey.get(folder.trim().toLowerCase());
    if (folder !== null) {
      if (label) mapped[folder] = label;
      else unmatched.add(folder);
    }
    files.push({ file: p.file, name: p.name, ...(folderUpload ? { folder: folderOf(p.relativePath) } : {}), label });
  }
  return { files, mapped, unmatched: [...unmatched].sort(), skipped };
}
